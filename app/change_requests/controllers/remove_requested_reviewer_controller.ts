import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId} —
 * editors of the space; 205, or 404 when the user was not requested.
 */
@inject()
export default class RemoveRequestedReviewerController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    private reviewers: RequestedReviewerService
  ) {
    super(changeRequests)
  }

  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'manageReviewers')
    await this.reviewers.remove(user, access, changeRequest, ctx.params.userId)
    ctx.response.resetContent()
  }
}
