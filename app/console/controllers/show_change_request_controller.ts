import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import ConsoleContentService, {
  changeRequestSummary,
  contentTree,
  contentUrls,
} from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId/change-requests/:changeRequestId (id or number; the API's
 * `urls.app` of a change request): the change request and the page tree of its head revision.
 */
@inject()
export default class ShowChangeRequestController {
  constructor(private content: ConsoleContentService) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { read, organization, space } = await this.content.resolve(user, params.spaceId, {
      kind: 'change-request',
      changeRequest: params.changeRequestId,
    })
    const changeRequest = read.changeRequest!
    const url = contentUrls.changeRequest(space.id, changeRequest.id)
    return inertia.render('content/change_request', {
      organization,
      space,
      changeRequest: {
        ...changeRequestSummary(changeRequest),
        revisionId: read.tree.id,
        mergedAt: changeRequest.mergedAt?.toISO() ?? null,
      },
      tree: contentTree(read.tree, url),
    })
  }
}
