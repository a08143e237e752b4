import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import InviteService from '#organizations/services/invite_service'

/**
 * POST /v1/orgs/{organizationId}/join — the caller joins with their pending e-mail invite, or
 * through the organization's e-mail domains.
 */
@inject()
export default class JoinOrganizationController {
  constructor(private invites: InviteService) {}

  async handle({ auth, params, response }: HttpContext) {
    await this.invites.join(auth.getUserOrFail(), params.organizationId)
    response.noContent()
  }
}
