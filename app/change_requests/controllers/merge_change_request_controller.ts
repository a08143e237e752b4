import type { HttpContext } from '@adonisjs/core/http'
import MergingController from '#change_requests/controllers/merging_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge — reviewers merge a change
 * request into the space: `{revision, result: "merge"}`, or 409 naming the conflicting pages.
 */
export default class MergeChangeRequestController extends MergingController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'merge')
    const { revision, result } = await this.merges.merge(user, access, changeRequest.id)
    return { revision, result }
  }
}
