import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope } from '#core/http/pagination'
import { listReviewsValidator } from '#change_requests/validators/review_validators'
import ReviewController from '#change_requests/controllers/review_controller'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews — anyone who can read the
 * space; oldest first; `outdated` filters.
 */
export default class ListReviewsController extends ReviewController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx)
    const query = await ctx.request.validateQuery(listReviewsValidator)
    const page = await this.reviews.list(changeRequest, query)
    const items = await this.presenter.reviews(
      page.items,
      access,
      changeRequest,
      user,
      query.format
    )
    return pageEnvelope(items, page)
  }
}
