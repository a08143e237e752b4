import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestMergeService from '#change_requests/services/change_request_merge_service'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update — editors bring the space's
 * current content into the change request: `{revision, result: "update"}`, plus `conflicts` (the
 * pages left with conflict markers or otherwise conflicting) when there are any.
 */
@inject()
export default class BringChangeRequestUpToDateController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    private merges: ChangeRequestMergeService
  ) {
    super(changeRequests)
  }

  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'author')
    const { revision, result, conflicts } = await this.merges.update(user, access, changeRequest.id)
    return {
      revision,
      result,
      ...(conflicts.length > 0 ? { conflicts: conflicts.map((page) => ({ page })) } : {}),
    }
  }
}
