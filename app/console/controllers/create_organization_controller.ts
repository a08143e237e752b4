import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import { createOrganizationValidator } from '#organizations/validators/organization_validators'
import { formInput, noticeTo } from '#console/http/console_form'

/**
 * POST /console/orgs: creates an organization (the API's rules); the signed-in user becomes its
 * admin and lands in it.
 */
@inject()
export default class CreateOrganizationController {
  constructor(private organizations: OrganizationService) {}

  async handle(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await formInput(ctx, createOrganizationValidator, ['title'])
    const access = await this.organizations.create(user, input)
    return noticeTo(
      ctx,
      `Organization ${access.organization.title} created: you are its admin.`,
      'console.organizations.show',
      { organizationId: access.organization.id }
    )
  }
}
