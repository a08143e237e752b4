import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ConsoleContentService, {
  changeRequestSummary,
} from '#console/services/console_content_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import ConsoleChangeRequestsService from '#console/services/console_change_requests_service'
import ConsoleDiscussionsService from '#console/services/console_discussions_service'

/**
 * GET /console/spaces/:spaceId/change-requests/:changeRequestId (id or number; the API's
 * `urls.app` of a change request): the change request, the page tree of its head revision, its
 * page changes with their diffs, reviewers, reviews, what stands before merging it and its comments.
 */
@inject()
export default class ShowChangeRequestController {
  constructor(
    private content: ConsoleContentService,
    private changeRequests: ConsoleChangeRequestsService,
    private discussions: ConsoleDiscussionsService
  ) {}

  async handle({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { read, organization, space, tree } = await this.content.resolve(user, params)
    const changeRequest = read.changeRequest!
    const loop = await this.changeRequests.loop(user, read.access, changeRequest)
    return inertia.render('content/change_request', {
      organization,
      space,
      changeRequest: {
        ...changeRequestSummary(changeRequest),
        revisionId: read.tree.id,
        mergedAt: changeRequest.mergedAt?.toISO() ?? null,
      },
      tree,
      canEdit: new ChangeRequestPolicy().author(user, read.access, changeRequest) === true,
      ...loop,
      // Its comments (null without the comments domain).
      discussion: await this.discussions.props(user, { access: read.access, changeRequest }),
    })
  }
}
