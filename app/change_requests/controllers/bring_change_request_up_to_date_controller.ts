import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import ChangeRequestMergeService from '#change_requests/services/change_request_merge_service'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update — editors bring the space's
 * current content into the change request: `{revision, result: "update"}`, plus `conflicts` (the
 * pages left with conflict markers or otherwise conflicting) when there are any.
 */
@inject()
export default class BringChangeRequestUpToDateController {
  constructor(
    private changeRequests: ChangeRequestService,
    private merges: ChangeRequestMergeService
  ) {}

  async handle({ auth, bouncer, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    await bouncer.with(ChangeRequestPolicy).authorize('author', access, changeRequest)
    const { revision, result, conflicts } = await this.merges.update(user, access, changeRequest.id)
    return {
      revision,
      result,
      ...(conflicts.length > 0 ? { conflicts: conflicts.map((page) => ({ page })) } : {}),
    }
  }
}
