import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceService from '#spaces/services/space_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { updateSpaceValidator } from '#spaces/validators/space_validators'
import { emptyAsNull } from '#console/validators/form_input'

/**
 * PATCH /console/spaces/:spaceId: title, emoji, visibility, edit mode and default level (the
 * space's admins). An empty emoji clears it; an empty default level inherits (null).
 */
@inject()
export default class UpdateSpaceController {
  constructor(
    private console: ConsoleAccessService,
    private spaces: SpaceService
  ) {}

  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.managedSpace(ctx)
    const body = ctx.request.only(['title', 'emoji', 'visibility', 'editMode', 'defaultLevel'])
    const input = await ctx.request.validateUsing(updateSpaceValidator, {
      data: emptyAsNull(body, ['emoji', 'defaultLevel']),
    })
    await this.spaces.update(user, access, input)
    ctx.session.flash('notice', 'Space settings saved.')
    return ctx.response.redirect().back()
  }
}
