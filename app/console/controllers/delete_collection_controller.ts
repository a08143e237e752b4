import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import CollectionService from '#spaces/services/collection_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/collections/:collectionId: deletes an empty collection (its admins); one that
 * still holds spaces or collections is refused with the service's reason.
 */
@inject()
export default class DeleteCollectionController {
  constructor(
    private console: ConsoleAccessService,
    private collections: CollectionService
  ) {}

  async handle(ctx: HttpContext) {
    const { access } = await this.console.managedCollection(ctx)
    await this.collections.delete(access)
    const { title, organizationId } = access.collection
    return noticeTo(ctx, `Collection ${title} deleted.`, 'console.spaces.index', { organizationId })
  }
}
