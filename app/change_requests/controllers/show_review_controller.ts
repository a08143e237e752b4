import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { showReviewValidator } from '#change_requests/validators/review_validators'
import ReviewController from '#change_requests/controllers/review_controller'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId} — a review of this
 * change request only: another change request's review id is a 404.
 */
export default class ShowReviewController extends ReviewController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx)
    const query = await ctx.request.validateQuery(showReviewValidator)
    const review = await this.reviews.find(db.connection(), changeRequest, ctx.params.reviewId)
    return this.presenter.review(review, access, changeRequest, user, query.format)
  }
}
