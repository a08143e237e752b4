import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import InviteService from '#organizations/services/invite_service'
import ConsoleAccessService from '#console/services/console_access_service'
import {
  createInviteLinkValidator,
  inviteUsersValidator,
} from '#organizations/validators/invite_validators'
import { formInput, noticeBack } from '#console/http/console_form'
import { emailInviteForm, inviteLinkForm } from '#console/validators/onboarding_validators'

/**
 * /console/orgs/:organizationId/invites and /invite-links: the members page's invite forms, for
 * the organization's admins, through the invites service (the API's rules: roles, invite links
 * on/off).
 */
@inject()
export default class ConsoleInvitesController {
  constructor(
    private console: ConsoleAccessService,
    private invites: InviteService
  ) {}

  /** POST .../invites: invites one or several addresses with a role. */
  async storeEmails(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'manageMembers')
    const input = await formInput(ctx, inviteUsersValidator, ['emails', 'role'], emailInviteForm)
    const result = await this.invites.inviteByEmail(user, access, input)
    const parts = [
      result.invited === 1 ? '1 invite ready' : `${result.invited} invites ready`,
      result.alreadyMembers.length ? `already members: ${result.alreadyMembers.join(', ')}` : null,
    ].filter(Boolean)
    const hint = result.invited ? ': copy each accept link below and send it to its person.' : '.'
    return noticeBack(ctx, `${parts.join('; ')}${hint}`)
  }

  /** DELETE .../invites/:inviteId: revokes a pending e-mail invite. */
  async destroyEmail(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'manageMembers')
    const email = await this.invites.revokeEmailInvite(
      access,
      ctx.params.inviteId,
      auditActor(user)
    )
    return noticeBack(ctx, `The invite of ${email} is revoked.`)
  }

  /**
   * POST .../invite-links: a new invite link with a role (while invite links are on), optionally
   * expiring after some days and admitting a number of people.
   */
  async storeLink(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'manageMembers')
    const { role, ...limits } = await formInput(
      ctx,
      createInviteLinkValidator,
      ['role', 'expiresInDays', 'maxUses'],
      inviteLinkForm
    )
    await this.invites.createLink(user, access, role, limits)
    return noticeBack(ctx, `Invite link created (joins as ${role ?? 'guest'}).`)
  }

  /** DELETE .../invite-links/:inviteId: revokes an invite link. */
  async destroyLink(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'manageMembers')
    const link = await this.invites.findLink(access, ctx.params.inviteId)
    await this.invites.deleteLink(link, auditActor(user))
    return noticeBack(ctx, 'Invite link revoked.')
  }
}
