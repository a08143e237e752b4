import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService from '#spaces/services/space_service'
import SpacePolicy from '#spaces/policies/space_policy'
import { updateSpaceValidator } from '#spaces/validators/space_validators'

/**
 * PATCH /console/spaces/:spaceId: title, emoji, visibility, edit mode and default level (the
 * space's admins). An empty emoji clears it; an empty default level inherits (null).
 */
@inject()
export default class UpdateSpaceController {
  constructor(
    private access: SpaceAccessService,
    private spaces: SpaceService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, request, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await bouncer.with(SpacePolicy).authorize('manage', access)
    const body = request.only(['title', 'emoji', 'visibility', 'editMode', 'defaultLevel'])
    const input = await request.validateUsing(updateSpaceValidator, {
      data: {
        ...body,
        ...('emoji' in body ? { emoji: body.emoji === '' ? null : body.emoji } : {}),
        ...('defaultLevel' in body
          ? { defaultLevel: body.defaultLevel === '' ? null : body.defaultLevel }
          : {}),
      },
    })
    await this.spaces.update(user, access, input)
    session.flash('notice', 'Space settings saved.')
    return response.redirect().back()
  }
}
