import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceService from '#spaces/services/space_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { updateSpaceValidator } from '#spaces/validators/space_validators'
import { emptyAsNull } from '#console/validators/form_input'
import { formInput, noticeBack } from '#console/http/console_form'

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
    const fields = ['title', 'emoji', 'visibility', 'editMode', 'defaultLevel']
    const input = await formInput(ctx, updateSpaceValidator, fields, (body) =>
      emptyAsNull(body, ['emoji', 'defaultLevel'])
    )
    await this.spaces.update(user, access, input)
    return noticeBack(ctx, 'Space settings saved.')
  }
}
