import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import InviteService from '#organizations/services/invite_service'
import ConsoleAccessService from '#console/services/console_access_service'
import {
  inviteLinkValidator,
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
    const { access } = await this.console.organization(ctx, 'manageMembers')
    const email = await this.invites.revokeEmailInvite(access, ctx.params.inviteId)
    return noticeBack(ctx, `The invite of ${email} is revoked.`)
  }

  /** POST .../invite-links: a new invite link with a role (while invite links are on). */
  async storeLink(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'manageMembers')
    const { role } = await formInput(ctx, inviteLinkValidator, ['role'], inviteLinkForm)
    await this.invites.createLink(user, access, role)
    return noticeBack(ctx, `Invite link created (joins as ${role ?? 'guest'}).`)
  }

  /** DELETE .../invite-links/:inviteId: revokes an invite link. */
  async destroyLink(ctx: HttpContext) {
    const { access } = await this.console.organization(ctx, 'manageMembers')
    await this.invites.deleteLink(await this.invites.findLink(access, ctx.params.inviteId))
    return noticeBack(ctx, 'Invite link revoked.')
  }
}
