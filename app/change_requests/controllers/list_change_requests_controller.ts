import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope } from '#core/http/pagination'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import { listChangeRequestsValidator } from '#change_requests/validators/change_request_validators'
import { presentChangeRequests } from '#change_requests/services/change_request_presenter'

/**
 * GET /v1/spaces/{spaceId}/change-requests — anyone who can read the space; `status` defaults to open.
 */
@inject()
export default class ListChangeRequestsController {
  constructor(
    private access: SpaceAccessService,
    private changeRequests: ChangeRequestService
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    const input = await request.validateQuery(listChangeRequestsValidator)
    const page = await this.changeRequests.list(access.space.id, input)
    return pageEnvelope(presentChangeRequests(page.items, access, user), page)
  }
}
