import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'

/** The policy abilities a change-request endpoint may require. */
export type ChangeRequestAbility = 'author' | 'update' | 'merge' | 'manageReviewers' | 'review'

/**
 * What the endpoints of one change request open with: the caller, their access to the space
 * `{spaceId}` and the change request `{changeRequestId}` (id or number; 404 for either), then the
 * policy's ability on it when one is given (403), before any input is validated (400).
 */
@inject()
export default abstract class ChangeRequestController {
  constructor(protected changeRequests: ChangeRequestService) {}

  protected async open({ auth, bouncer, params }: HttpContext, ability?: ChangeRequestAbility) {
    const user = auth.getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    if (ability) await bouncer.with(ChangeRequestPolicy).authorize(ability, access, changeRequest)
    return { user, access, changeRequest }
  }
}
