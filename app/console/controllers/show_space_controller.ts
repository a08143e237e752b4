import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import { EDIT_MODES, SPACE_VISIBILITIES } from '#spaces/records'
import ConsoleSpacesService, { spaceTarget } from '#console/services/console_spaces_service'
import { organizationHeader } from '#console/serializers/administration_props'
import { canManageSpace, spaceProps } from '#console/serializers/space_props'
import ContentReadService from '#content/services/content_read_service'
import ConsoleContentService, {
  contentTree,
  contentUrls,
} from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId (the API's `urls.app` of a space): the space, its parent and grants,
 * the page tree of its current revision and its change requests; its admins get the settings form
 * and the delete button. Spaces the user cannot see, deleted ones
 * and unknown ids are the console's not-found page.
 */
@inject()
export default class ShowSpaceController {
  constructor(
    private organizations: OrganizationService,
    private spaces: ConsoleSpacesService,
    private reads: ContentReadService,
    private content: ConsoleContentService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { access, tree } = await this.reads.resolve(user.id, params.spaceId, { kind: 'space' })
    const [organization, parent, grants] = await Promise.all([
      this.organizations.accessFor(user, access.space.organizationId),
      this.spaces.parent(user, access.space.parentId),
      this.spaces.grantsOn(user, spaceTarget(access)),
    ])
    const changeRequests = await this.content.changeRequestsOf(access)
    return inertia.render('spaces/show', {
      organization: organizationHeader(user, organization),
      space: spaceProps(access),
      parent,
      grants,
      canManage: canManageSpace(user, access),
      visibilities: access.space.parentId
        ? [...SPACE_VISIBILITIES]
        : SPACE_VISIBILITIES.filter((visibility) => visibility !== 'in-collection'),
      editModes: [...EDIT_MODES],
      pages: contentTree(tree, contentUrls.space(access.space.id)),
      changeRequests,
    })
  }
}
