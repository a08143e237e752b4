import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'

/**
 * DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId} —
 * editors of the space; 205, or 404 when the user was not requested.
 */
@inject()
export default class RemoveRequestedReviewerController {
  constructor(
    private changeRequests: ChangeRequestService,
    private reviewers: RequestedReviewerService
  ) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    await bouncer.with(ChangeRequestPolicy).authorize('manageReviewers', access, changeRequest)
    await this.reviewers.remove(user, access, changeRequest, params.userId)
    response.resetContent()
  }
}
