import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'
import { updateSpaceValidator } from '#spaces/validators/space_validators'
import { emptyAsNull, withEmojiCodePoints } from '#console/validators/form_input'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * PATCH /console/spaces/:spaceId: title, emoji, visibility, edit mode and default level (the
 * space's admins). An empty emoji clears it; an empty default level inherits (null).
 */
export default class UpdateSpaceController extends ConsoleSpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.managedSpace(ctx)
    const fields = ['title', 'emoji', 'visibility', 'editMode', 'defaultLevel']
    const input = await formInput(ctx, updateSpaceValidator, fields, (body) =>
      withEmojiCodePoints(emptyAsNull(body, ['emoji', 'defaultLevel']))
    )
    await this.spaces.update(user, access, input)
    return noticeBack(ctx, 'Space settings saved.')
  }
}
