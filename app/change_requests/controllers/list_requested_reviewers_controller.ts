import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import { serializeRequestedReviewer } from '#change_requests/serializers/requested_reviewer_serializer'
import RequestedReviewerController from '#change_requests/controllers/requested_reviewer_controller'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers — anyone who can
 * read the space.
 */
export default class ListRequestedReviewersController extends RequestedReviewerController {
  async handle(ctx: HttpContext) {
    const { changeRequest } = await this.open(ctx)
    const query = await ctx.request.validateQuery(listQueryValidator)
    const page = await this.reviewers.list(changeRequest, query)
    return pageEnvelope(page.items.map(serializeRequestedReviewer), page)
  }
}
