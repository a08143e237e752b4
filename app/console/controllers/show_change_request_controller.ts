import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ConsoleContentService, {
  changeRequestSummary,
} from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId/change-requests/:changeRequestId (id or number; the API's
 * `urls.app` of a change request): the change request and the page tree of its head revision.
 */
@inject()
export default class ShowChangeRequestController {
  constructor(private content: ConsoleContentService) {}

  async handle({ auth, inertia, params }: HttpContext) {
    const { read, organization, space, tree } = await this.content.resolve(
      auth.use('web').getUserOrFail(),
      params
    )
    const changeRequest = read.changeRequest!
    return inertia.render('content/change_request', {
      organization,
      space,
      changeRequest: {
        ...changeRequestSummary(changeRequest),
        revisionId: read.tree.id,
        mergedAt: changeRequest.mergedAt?.toISO() ?? null,
      },
      tree,
    })
  }
}
