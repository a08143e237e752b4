import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} — by id or by number.
 */
@inject()
export default class ShowChangeRequestController {
  constructor(
    private access: SpaceAccessService,
    private changeRequests: ChangeRequestService
  ) {}

  async handle({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    const changeRequest = await this.changeRequests.find(db.connection(), access.space.id, params.changeRequestId)
    return presentChangeRequest(changeRequest, access, user)
  }
}
