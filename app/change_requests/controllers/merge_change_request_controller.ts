import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import ChangeRequestMergeService from '#change_requests/services/change_request_merge_service'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge — reviewers merge a change
 * request into the space: `{revision, result: "merge"}`, or 409 naming the conflicting pages.
 */
@inject()
export default class MergeChangeRequestController {
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
    await bouncer.with(ChangeRequestPolicy).authorize('merge', access, changeRequest)
    const { revision, result } = await this.merges.merge(user, access, changeRequest.id)
    return { revision, result }
  }
}
