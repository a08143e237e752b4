import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestMergeService from '#change_requests/services/change_request_merge_service'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge — reviewers merge a change
 * request into the space: `{revision, result: "merge"}`, or 409 naming the conflicting pages.
 */
@inject()
export default class MergeChangeRequestController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    private merges: ChangeRequestMergeService
  ) {
    super(changeRequests)
  }

  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'merge')
    const { revision, result } = await this.merges.merge(user, access, changeRequest.id)
    return { revision, result }
  }
}
