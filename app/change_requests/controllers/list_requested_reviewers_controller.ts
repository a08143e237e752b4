import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import ChangeRequestService from '#change_requests/services/change_request_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import { serializeRequestedReviewer } from '#change_requests/serializers/requested_reviewer_serializer'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers — anyone who can
 * read the space.
 */
@inject()
export default class ListRequestedReviewersController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    private reviewers: RequestedReviewerService
  ) {
    super(changeRequests)
  }

  async handle(ctx: HttpContext) {
    const { changeRequest } = await this.open(ctx)
    const query = await ctx.request.validateQuery(listQueryValidator)
    const page = await this.reviewers.list(changeRequest, query)
    return pageEnvelope(page.items.map(serializeRequestedReviewer), page)
  }
}
