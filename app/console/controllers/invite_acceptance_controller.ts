import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#accounts/models/user'
import InviteService from '#organizations/services/invite_service'
import SignInService from '#console/services/sign_in_service'
import UserSessionsService from '#accounts/services/user_sessions_service'
import { ForbiddenException, NotFoundException } from '#core/exceptions/api_exceptions'
import { inviteProps } from '#console/serializers/administration_props'
import { noticeTo } from '#console/http/console_form'
import { loginValidator } from '#console/validators/login_validator'
import {
  emailSignUpValidator,
  linkSignUpValidator,
  PASSWORD_MIN_LENGTH,
} from '#console/validators/onboarding_validators'

/**
 * An invite's page, for whoever holds its link, signed in or not: an invite link
 * (/console/invite-links/:organizationId/:inviteId) or an e-mail invite's accept link
 * (/console/invites/:token). Its holder joins as the user they are signed in as, creates an
 * account (rate-limited like sign-in) or signs in with theirs; then lands in the organization. The
 * invites service decides (links on/off, the invited address, single sign-on, used and revoked
 * invites).
 */
@inject()
export default class InviteAcceptanceController {
  constructor(
    private invites: InviteService,
    private signIn: SignInService,
    private sessions: UserSessionsService
  ) {}

  /** GET: the organization and role offered, or why the invite cannot be used. */
  async show(ctx: HttpContext) {
    await ctx.auth.use('web').check()
    let invite
    try {
      invite = await this.describe(ctx)
    } catch (error) {
      if (!(error instanceof NotFoundException || error instanceof ForbiddenException)) throw error
      ctx.response.status(error.status)
      return ctx.inertia.render('invites/unavailable', { message: error.message })
    }
    const { token, organizationId, inviteId } = ctx.params
    return ctx.inertia.render('invites/show', {
      invite: inviteProps(invite),
      /** What the page's forms are sent to: the e-mail invite's token, or the link's ids. */
      target: this.isEmailInvite(ctx)
        ? { kind: 'email' as const, token: String(token) }
        : {
            kind: 'link' as const,
            organizationId: String(organizationId),
            inviteId: String(inviteId),
          },
      passwordMinLength: PASSWORD_MIN_LENGTH,
    })
  }

  /** POST .../accept: the signed-in user joins. */
  async accept(ctx: HttpContext) {
    if (!(await ctx.auth.use('web').check())) return ctx.response.redirect().back()
    return this.join(ctx, ctx.auth.use('web').getUserOrFail())
  }

  /** POST .../register: a new account, which joins and is signed in. */
  async register(ctx: HttpContext) {
    const { request, params } = ctx
    let joined: { user: User; organizationId: string }
    if (this.isEmailInvite(ctx)) {
      const input = await request.validateUsing(emailSignUpValidator)
      await this.signIn.throttleSignUp(request.ip())
      joined = await this.invites.acceptEmailInviteAsNewUser(params.token, input)
    } else {
      const input = await request.validateUsing(linkSignUpValidator)
      await this.signIn.throttleSignUp(request.ip())
      joined = await this.invites.acceptLinkAsNewUser(params.organizationId, params.inviteId, input)
    }
    await this.sessions.signIn(ctx, joined.user)
    return this.landIn(ctx, joined.organizationId)
  }

  /** POST .../sign-in: an existing account signs in (throttled, as on the sign-in page), joins. */
  async signInAndJoin(ctx: HttpContext) {
    const { email, password } = await ctx.request.validateUsing(loginValidator)
    const invite = await this.describe(ctx)
    const user = await this.signIn.verify(email, password, ctx.request.ip())
    this.invites.assertPasswordJoin(invite)
    const response = await this.join(ctx, user)
    await this.sessions.signIn(ctx, user)
    return response
  }

  private isEmailInvite(ctx: HttpContext) {
    return ctx.params.token !== undefined
  }

  private describe(ctx: HttpContext) {
    const { token, organizationId, inviteId } = ctx.params
    return this.isEmailInvite(ctx)
      ? this.invites.describeEmailInvite(token)
      : this.invites.describeLink(organizationId, inviteId)
  }

  private async join(ctx: HttpContext, user: User) {
    const { token, organizationId, inviteId } = ctx.params
    if (this.isEmailInvite(ctx)) {
      const accepted = await this.invites.acceptEmailInvite(user, token)
      return this.landIn(ctx, accepted.organizationId)
    }
    await this.invites.acceptLink(user, organizationId, inviteId)
    return this.landIn(ctx, organizationId)
  }

  private landIn(ctx: HttpContext, organizationId: string) {
    return noticeTo(
      ctx,
      'Welcome! You are now a member of this organization.',
      'console.organizations.show',
      {
        organizationId,
      }
    )
  }
}
