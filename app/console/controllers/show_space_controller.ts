import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { EDIT_MODES, SPACE_VISIBILITIES } from '#spaces/records'
import ContentReadService from '#content/services/content_read_service'
import ConsoleSpacesService, { spaceTarget } from '#console/services/console_spaces_service'
import { canManageSpace, spaceProps } from '#console/serializers/space_props'
import ConsoleContentService, { contentTree } from '#console/services/console_content_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import { withoutEmpty } from '#console/validators/form_input'
import { changeRequestFilterValidator } from '#console/validators/change_request_validators'
import ConsoleSpaceAdminService from '#console/services/console_space_admin_service'
import ConsoleImportsService from '#console/services/console_imports_service'

/**
 * GET /console/spaces/:spaceId (the API's `urls.app` of a space): the space, its parent and grants,
 * the page tree of its current revision and its change requests (`?status=` filters them); its admins get the settings form
 * and the delete button. Spaces the user cannot see, deleted ones
 * and unknown ids are the console's not-found page.
 */
@inject()
export default class ShowSpaceController {
  constructor(
    private spaces: ConsoleSpacesService,
    private reads: ContentReadService,
    private content: ConsoleContentService,
    private admin: ConsoleSpaceAdminService,
    private imports: ConsoleImportsService
  ) {}

  async handle({ auth, inertia, params, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { access, tree } = await this.reads.resolve(user.id, params.spaceId, { kind: 'space' })
    const surroundings = await this.spaces.surroundings(user, spaceTarget(access))
    const { status } = await request.validateUsing(changeRequestFilterValidator, {
      data: withoutEmpty(request.qs()),
    })
    const changeRequests = await this.content.changeRequestsOf(access, status)
    const canManage = canManageSpace(user, access)
    return inertia.render('spaces/show', {
      ...surroundings,
      space: spaceProps(access),
      canManage,
      administration: canManage ? await this.admin.forSpace(user, access) : null,
      visibilities: access.space.parentId
        ? [...SPACE_VISIBILITIES]
        : SPACE_VISIBILITIES.filter((visibility) => visibility !== 'in-collection'),
      editModes: [...EDIT_MODES],
      pages: contentTree(tree, 'space', { spaceId: access.space.id }),
      canCreateChangeRequest: new ChangeRequestPolicy().create(user, access) === true,
      ...changeRequests,
      websiteImport: await this.imports.websiteImport(user, access),
    })
  }
}
