import type { HttpContext } from '@adonisjs/core/http'
import MergingController from '#change_requests/controllers/merging_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update — editors bring the space's
 * current content into the change request: `{revision, result: "update"}`, plus `conflicts` (the
 * pages left with conflict markers or otherwise conflicting) when there are any.
 */
export default class BringChangeRequestUpToDateController extends MergingController {
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
