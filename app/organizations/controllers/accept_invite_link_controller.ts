import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import InviteService from '#organizations/services/invite_service'

/**
 * POST /v1/orgs/{organizationId}/invites/{inviteId} — the caller joins with an invite link.
 */
@inject()
export default class AcceptInviteLinkController {
  constructor(private invites: InviteService) {}

  async handle({ auth, params }: HttpContext) {
    await this.invites.acceptLink(auth.getUserOrFail(), params.organizationId, params.inviteId)
    return {}
  }
}
