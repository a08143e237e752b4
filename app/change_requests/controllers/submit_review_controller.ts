import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import { submitReviewValidator } from '#change_requests/validators/review_validators'
import ReviewController from '#change_requests/controllers/review_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews — reviewers of the space, on
 * someone else's draft or open change request, optionally with a `comment` (posted on the change
 * request with the review).
 */
export default class SubmitReviewController extends ReviewController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'review')
    const input = await ctx.request.validateBody(submitReviewValidator, { nullable: [] })
    const submitted = await this.reviews.submit(user, access, changeRequest, input)
    const review = await this.presenter.review(submitted, access, changeRequest, user)
    created(ctx.response, review)
  }
}
