import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import ConsoleSpacesService, { collectionTarget } from '#console/services/console_spaces_service'
import { organizationHeader } from '#console/serializers/administration_props'
import {
  canCreateInCollection,
  canManageCollection,
  collectionProps,
} from '#console/serializers/space_props'

/**
 * GET /console/collections/:collectionId (the API's `urls.app` of a collection): the collection,
 * its parent, grants and contents; its admins get the settings form and delete, members with
 * `create` on it the forms that create inside it.
 */
@inject()
export default class ShowCollectionController {
  constructor(
    private access: SpaceAccessService,
    private organizations: OrganizationService,
    private spaces: ConsoleSpacesService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    const [organization, parent, grants, children] = await Promise.all([
      this.organizations.accessFor(user, access.collection.organizationId),
      this.spaces.parent(user, access.collection.parentId),
      this.spaces.grantsOn(user, collectionTarget(access)),
      this.spaces.childrenOf(user, access),
    ])
    return inertia.render('collections/show', {
      organization: organizationHeader(user, organization),
      collection: collectionProps(access),
      parent,
      grants,
      children,
      canManage: canManageCollection(user, access),
      canCreate: canCreateInCollection(user, access),
    })
  }
}
