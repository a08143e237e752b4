import type { HttpContext } from '@adonisjs/core/http'
import {
  UNSUPPORTED_CHANGE_REQUEST_FIELDS,
  updateChangeRequestValidator,
} from '#change_requests/validators/change_request_validators'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'

/**
 * PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId} — editors change the subject and
 * move the status (draft, open, archived; `merged` only by merging).
 */
export default class UpdateChangeRequestController extends ChangeRequestController {
  async handle(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.open(ctx, 'update')
    const input = await ctx.request.validateBody(updateChangeRequestValidator, {
      nullable: [],
      unsupported: UNSUPPORTED_CHANGE_REQUEST_FIELDS,
    })
    const updated = await this.changeRequests.update(access, changeRequest.id, input)
    return presentChangeRequest(updated, access, user)
  }
}
