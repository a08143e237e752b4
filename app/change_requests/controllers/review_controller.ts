import { inject } from '@adonisjs/core'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ReviewService from '#change_requests/services/review_service'
import ReviewPresenter from '#change_requests/services/review_presenter'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * What the review endpoints of a change request share: ChangeRequestController's opening, the
 * reviews and their presenter.
 */
@inject()
export default abstract class ReviewController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    protected reviews: ReviewService,
    protected presenter: ReviewPresenter
  ) {
    super(changeRequests)
  }
}
