import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import CollectionPolicy from '#spaces/policies/collection_policy'
import ConsoleAccessService from '#console/services/console_access_service'
import ConsoleSpacesService from '#console/services/console_spaces_service'
import { organizationHeader } from '#console/serializers/administration_props'

const collectionPolicy = new CollectionPolicy()

/**
 * GET /console/orgs/:organizationId/spaces: the collection tree with its spaces, nested and in
 * order, as the signed-in user sees it (a guest sees what is shared with them), and the forms that
 * create spaces and collections where the user may.
 */
@inject()
export default class ListSpacesController {
  constructor(
    private console: ConsoleAccessService,
    private spaces: ConsoleSpacesService
  ) {}

  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    const { collections, nodes } = await this.spaces.tree(user, access.organization.id)
    const organization = organizationHeader(user, access)
    return ctx.inertia.render('spaces/index', {
      organization,
      tree: nodes,
      targets: {
        root: organization.permissions.createContent,
        collections: collections
          .filter((collection) => collectionPolicy.create(user, collection))
          .map(({ collection }) => ({ id: collection.id, title: collection.title })),
      },
    })
  }
}
