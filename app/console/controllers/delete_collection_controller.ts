import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'

/**
 * DELETE /console/collections/:collectionId: deletes an empty collection (its admins); one that
 * still holds spaces or collections is refused with the service's reason.
 */
export default class DeleteCollectionController extends ConsoleSpaceController {
  handle(ctx: HttpContext) {
    return this.deleteRecord(ctx, 'collection')
  }
}
