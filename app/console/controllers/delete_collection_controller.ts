import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'
import { noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/collections/:collectionId: deletes an empty collection (its admins); one that
 * still holds spaces or collections is refused with the service's reason.
 */
export default class DeleteCollectionController extends ConsoleSpaceController {
  async handle(ctx: HttpContext) {
    const { access } = await this.console.managedCollection(ctx)
    await this.collections.delete(access)
    const { title, organizationId } = access.collection
    return noticeTo(ctx, `Collection ${title} deleted.`, 'console.spaces.index', { organizationId })
  }
}
