import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { singleValuedQuery } from '#core/http/validation'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ReviewService from '#change_requests/services/review_service'
import { showReviewValidator } from '#change_requests/validators/review_validators'
import { serializeReview } from '#change_requests/serializers/review_serializer'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId} — a review of this
 * change request only: another change request's review id is a 404.
 */
@inject()
export default class ShowReviewController {
  constructor(
    private access: SpaceAccessService,
    private changeRequests: ChangeRequestService,
    private reviews: ReviewService
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    const changeRequest = await this.changeRequests.find(db.connection(), access.space.id, params.changeRequestId)
    await request.validateUsing(showReviewValidator, { data: singleValuedQuery(request.qs()) })
    return serializeReview(await this.reviews.find(db.connection(), changeRequest, params.reviewId))
  }
}
