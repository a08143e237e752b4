import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ReviewService from '#change_requests/services/review_service'
import ReviewPresenter from '#change_requests/services/review_presenter'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import { submitReviewValidator } from '#change_requests/validators/review_validators'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews — reviewers of the space, on
 * someone else's draft or open change request, optionally with a `comment` (posted on the change
 * request with the review).
 */
@inject()
export default class SubmitReviewController {
  constructor(
    private changeRequests: ChangeRequestService,
    private reviews: ReviewService,
    private presenter: ReviewPresenter
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    await bouncer.with(ChangeRequestPolicy).authorize('review', access, changeRequest)
    const input = await request.validateUsing(submitReviewValidator, {
      data: rejectNullFields(request.body(), []),
    })
    const submitted = await this.reviews.submit(user, access, changeRequest, input)
    const review = await this.presenter.review(submitted, access, changeRequest, user)
    response.status(201).header('Location', review.urls.location)
    return review
  }
}
