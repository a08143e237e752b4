import type { HttpContext } from '@adonisjs/core/http'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} — by id or by number.
 */
export default class ShowChangeRequestController extends ChangeRequestController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx)
    return presentChangeRequest(changeRequest, access, user)
  }
}
