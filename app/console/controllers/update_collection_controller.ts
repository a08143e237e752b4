import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'
import { updateCollectionValidator } from '#spaces/validators/space_validators'
import { emptyAsNull } from '#console/validators/form_input'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * PATCH /console/collections/:collectionId: title, description and default level (the
 * collection's admins). Empty description and default level clear them (null).
 */
export default class UpdateCollectionController extends ConsoleSpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.managedCollection(ctx)
    const fields = ['title', 'description', 'defaultLevel']
    const input = await formInput(ctx, updateCollectionValidator, fields, (body) =>
      emptyAsNull(body, ['description', 'defaultLevel'])
    )
    await this.collections.update(user, access, input)
    return noticeBack(ctx, 'Collection settings saved.')
  }
}
