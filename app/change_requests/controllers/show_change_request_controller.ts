import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} — by id or by number.
 */
@inject()
export default class ShowChangeRequestController {
  constructor(private changeRequests: ChangeRequestService) {}

  async handle({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    return presentChangeRequest(changeRequest, access, user)
  }
}
