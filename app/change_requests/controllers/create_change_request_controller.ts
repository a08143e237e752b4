import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import { createChangeRequestValidator } from '#change_requests/validators/change_request_validators'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'

/**
 * POST /v1/spaces/{spaceId}/change-requests — editors of a space that is not locked. Starts as a
 * draft on the space's current revision.
 */
@inject()
export default class CreateChangeRequestController {
  constructor(
    private access: SpaceAccessService,
    private changeRequests: ChangeRequestService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await bouncer.with(ChangeRequestPolicy).authorize('create', access)
    const input = await request.validateBody(createChangeRequestValidator, { nullable: [] })
    const changeRequest = presentChangeRequest(
      await this.changeRequests.create(user, access, input),
      access,
      user
    )
    created(response, changeRequest)
  }
}
