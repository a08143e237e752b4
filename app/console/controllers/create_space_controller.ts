import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import SpaceService from '#spaces/services/space_service'
import { createSpaceValidator } from '#spaces/validators/space_validators'

/**
 * POST /console/orgs/:organizationId/spaces: creates a space at the root or in a collection
 * (`create` role there, as the API checks), then opens it.
 */
@inject()
export default class CreateSpaceController {
  constructor(private spaces: SpaceService) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, params, request, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const input = await request.validateUsing(createSpaceValidator, {
      data: withoutEmpty(request.only(['title', 'emoji', 'parent', 'editMode'])),
    })
    const access = await this.spaces.create(user, params.organizationId, input)
    session.flash('notice', `Space ${access.space.title} created.`)
    return response.redirect().toPath(`/console/spaces/${access.space.id}`)
  }
}

/**
 * A form's empty optional fields ("no parent", "no emoji") are absent, not empty strings.
 */
export function withoutEmpty(fields: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== '' && value !== null)
  )
}
