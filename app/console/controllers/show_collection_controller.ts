import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import ConsoleSpacesService, { collectionTarget } from '#console/services/console_spaces_service'
import ConsoleSpaceAdminService from '#console/services/console_space_admin_service'
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
    private records: SpaceAccessService,
    private spaces: ConsoleSpacesService,
    private admin: ConsoleSpaceAdminService
  ) {}

  async handle({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.records.collectionFor(user.id, params.collectionId)
    const [surroundings, children] = await Promise.all([
      this.spaces.surroundings(user, collectionTarget(access)),
      this.spaces.childrenOf(user, access),
    ])
    const canManage = canManageCollection(user, access)
    return inertia.render('collections/show', {
      ...surroundings,
      collection: collectionProps(access),
      children,
      canManage,
      administration: canManage ? await this.admin.forCollection(user, access) : null,
      canCreate: canCreateInCollection(user, access),
    })
  }
}
