import { inject } from '@adonisjs/core'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestMergeService from '#change_requests/services/change_request_merge_service'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * What merging a change request into its space and bringing it up to date share:
 * ChangeRequestController's opening and the merges.
 */
@inject()
export default abstract class MergingController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    protected merges: ChangeRequestMergeService
  ) {
    super(changeRequests)
  }
}
