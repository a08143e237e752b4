import type { HttpContext } from '@adonisjs/core/http'
import {
  requestReviewersValidator,
  UNSUPPORTED_REQUEST_REVIEWERS_FIELDS,
} from '#change_requests/validators/review_validators'
import { serializeRequestedReviewer } from '#change_requests/serializers/requested_reviewer_serializer'
import RequestedReviewerController from '#change_requests/controllers/requested_reviewer_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers — editors of the
 * space; `subject` renames the change request on the way. Answers the requests of the users named.
 */
export default class RequestReviewersController extends RequestedReviewerController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'manageReviewers')
    const input = await ctx.request.validateBody(requestReviewersValidator, {
      nullable: [],
      unsupported: UNSUPPORTED_REQUEST_REVIEWERS_FIELDS,
    })
    const requested = await this.reviewers.request(user, access, changeRequest, input)
    return { users: requested.map(serializeRequestedReviewer) }
  }
}
