import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { refuseUnsupportedFields, rejectNullFields } from '#core/http/validation'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import {
  UNSUPPORTED_CHANGE_REQUEST_FIELDS,
  updateChangeRequestValidator,
} from '#change_requests/validators/change_request_validators'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'

/**
 * PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId} — editors change the subject and
 * move the status (draft, open, archived; `merged` only by merging).
 */
@inject()
export default class UpdateChangeRequestController {
  constructor(private changeRequests: ChangeRequestService) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    await bouncer.with(ChangeRequestPolicy).authorize('update', access, changeRequest)
    const input = await request.validateUsing(updateChangeRequestValidator, {
      data: refuseUnsupportedFields(
        rejectNullFields(request.body(), []),
        UNSUPPORTED_CHANGE_REQUEST_FIELDS
      ),
    })
    const updated = await this.changeRequests.update(access, changeRequest.id, input)
    return presentChangeRequest(updated, access, user)
  }
}
