import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SimpleMessagesProvider } from '@vinejs/vine'
import OrganizationService from '#organizations/services/organization_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { updateOrganizationValidator } from '#organizations/validators/organization_validators'
import ConsoleAccessService from '#console/services/console_access_service'
import { emptyAsNull, withoutEmptyOf } from '#console/validators/form_input'
import { formInput, noticeBack } from '#console/http/console_form'
import {
  domainListOf,
  fieldError,
  withDomainErrorsOnTheList,
} from '#console/validators/organization_settings'

const SETTINGS_LABELS = {
  title: 'title',
  hostname: 'hostname',
  emailDomains: 'e-mail domains',
  defaultRole: 'default role',
  logo: 'logo URL',
}

/**
 * The organization's settings forms (its admins), through the API's validator of
 * PATCH /v1/orgs/{organizationId} and the organizations domain's service.
 */
@inject()
export default class OrganizationSettingsController {
  constructor(
    private console: ConsoleAccessService,
    private organizations: OrganizationService
  ) {}

  /**
   * PATCH /console/orgs/:organizationId: title, hostname, e-mail domains (one text, a domain per
   * line or comma-separated), default role of new members, logo, invite links and AI. An empty
   * hostname keeps the current one; an empty default role or logo clears it.
   */
  async update(ctx: HttpContext) {
    const { user, access } = await this.admin(ctx)
    const fields = ['title', 'hostname', 'emailDomains', 'defaultRole', 'logo', 'inviteLinks', 'ai']
    const body = emptyAsNull(withoutEmptyOf(domainListOf(ctx.request.only(fields)), ['hostname']), [
      'defaultRole',
      'logo',
    ])
    const input = await withDomainErrorsOnTheList(body, (data) =>
      ctx.request.validateUsing(updateOrganizationValidator, {
        data,
        messagesProvider: new SimpleMessagesProvider({}, SETTINGS_LABELS),
      })
    )
    await this.organizations.update(user, access, input)
    return noticeBack(ctx, 'Organization settings saved.')
  }

  /**
   * PATCH /console/orgs/:organizationId/sso: single sign-on enforced (or not) for every member
   * who is not an admin.
   */
  async updateSso(ctx: HttpContext) {
    const { user, access } = await this.admin(ctx)
    const { sso } = await formInput(ctx, updateOrganizationValidator, ['sso'])
    if (sso === undefined) throw fieldError('sso', 'Choose whether single sign-on is required')
    await this.organizations.update(user, access, { sso })
    return noticeBack(
      ctx,
      sso
        ? 'Single sign-on is now required for members who are not admins.'
        : 'Single sign-on is no longer required: members may sign in with a password.'
    )
  }

  private async admin(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    await ctx.bouncer.with(OrganizationPolicy).authorize('update', access)
    return { user, access }
  }
}
