import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ReviewService from '#change_requests/services/review_service'
import ReviewPresenter from '#change_requests/services/review_presenter'
import { showReviewValidator } from '#change_requests/validators/review_validators'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId} — a review of this
 * change request only: another change request's review id is a 404.
 */
@inject()
export default class ShowReviewController {
  constructor(
    private changeRequests: ChangeRequestService,
    private reviews: ReviewService,
    private presenter: ReviewPresenter
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    const query = await request.validateQuery(showReviewValidator)
    const review = await this.reviews.find(db.connection(), changeRequest, params.reviewId)
    return this.presenter.review(review, access, changeRequest, user, query.format)
  }
}
