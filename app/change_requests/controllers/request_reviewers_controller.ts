import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import {
  requestReviewersValidator,
  UNSUPPORTED_REQUEST_REVIEWERS_FIELDS,
} from '#change_requests/validators/review_validators'
import { serializeRequestedReviewer } from '#change_requests/serializers/requested_reviewer_serializer'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers — editors of the
 * space; `subject` renames the change request on the way. Answers the requests of the users named.
 */
@inject()
export default class RequestReviewersController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    private reviewers: RequestedReviewerService
  ) {
    super(changeRequests)
  }

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
