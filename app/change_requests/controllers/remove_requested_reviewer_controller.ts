import type { HttpContext } from '@adonisjs/core/http'
import RequestedReviewerController from '#change_requests/controllers/requested_reviewer_controller'

/**
 * DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId} —
 * editors of the space; 205, or 404 when the user was not requested.
 */
export default class RemoveRequestedReviewerController extends RequestedReviewerController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'manageReviewers')
    await this.reviewers.remove(user, access, changeRequest, ctx.params.userId)
    ctx.response.resetContent()
  }
}
