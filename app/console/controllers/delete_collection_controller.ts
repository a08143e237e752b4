import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import SpaceAccessService from '#spaces/services/space_access_service'
import CollectionService from '#spaces/services/collection_service'
import CollectionPolicy from '#spaces/policies/collection_policy'

/**
 * DELETE /console/collections/:collectionId: deletes an empty collection (its admins); one that
 * still holds spaces or collections is refused with the service's reason.
 */
@inject()
export default class DeleteCollectionController {
  constructor(
    private access: SpaceAccessService,
    private collections: CollectionService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize('manage', access)
    await this.collections.delete(access)
    session.flash('notice', `Collection ${access.collection.title} deleted.`)
    return response.redirect().toPath(`/console/orgs/${access.collection.organizationId}/spaces`)
  }
}
