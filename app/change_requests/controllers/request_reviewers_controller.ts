import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { refuseUnsupportedFields, rejectNullFields } from '#core/http/validation'
import ChangeRequestService from '#change_requests/services/change_request_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import {
  requestReviewersValidator,
  UNSUPPORTED_REQUEST_REVIEWERS_FIELDS,
} from '#change_requests/validators/review_validators'
import { serializeRequestedReviewer } from '#change_requests/serializers/requested_reviewer_serializer'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers — editors of the
 * space; `subject` renames the change request on the way. Answers the requests of the users named.
 */
@inject()
export default class RequestReviewersController {
  constructor(
    private changeRequests: ChangeRequestService,
    private reviewers: RequestedReviewerService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    await bouncer.with(ChangeRequestPolicy).authorize('manageReviewers', access, changeRequest)
    const input = await request.validateUsing(requestReviewersValidator, {
      data: refuseUnsupportedFields(
        rejectNullFields(request.body(), []),
        UNSUPPORTED_REQUEST_REVIEWERS_FIELDS
      ),
    })
    const requested = await this.reviewers.request(user, access, changeRequest, input)
    return { users: requested.map(serializeRequestedReviewer) }
  }
}
