import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ReviewService from '#change_requests/services/review_service'
import ReviewPresenter from '#change_requests/services/review_presenter'
import { listReviewsValidator } from '#change_requests/validators/review_validators'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews — anyone who can read the
 * space; oldest first; `outdated` filters.
 */
@inject()
export default class ListReviewsController {
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
    const query = await request.validateQuery(listReviewsValidator)
    const page = await this.reviews.list(changeRequest, query)
    const items = await this.presenter.reviews(
      page.items,
      access,
      changeRequest,
      user,
      query.format
    )
    return listEnvelope(items, page.count, page.next)
  }
}
