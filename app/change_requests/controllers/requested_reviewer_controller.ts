import { inject } from '@adonisjs/core'
import ChangeRequestService from '#change_requests/services/change_request_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * What the requested-reviewer endpoints of a change request share: ChangeRequestController's
 * opening and the requested reviewers.
 */
@inject()
export default abstract class RequestedReviewerController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    protected reviewers: RequestedReviewerService
  ) {
    super(changeRequests)
  }
}
