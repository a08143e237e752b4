import { createHmac, timingSafeEqual } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import UserService from '#accounts/services/user_service'
import { appKey } from '#config/app'
import OrganizationInvite from '#organizations/models/organization_invite'
import OrganizationInviteLink from '#organizations/models/organization_invite_link'
import OrganizationMember from '#organizations/models/organization_member'
import type { OrganizationAccess } from '#organizations/organization_access'
import MemberService from '#organizations/services/member_service'
import { ForbiddenException, NotFoundException } from '#core/exceptions/api_exceptions'
import { fromSqlTimestamp } from '#core/database/timestamps'
import { toBoolean } from '#core/database/columns'
import { paginate, type ListQuery } from '#core/http/pagination'
import { isWellFormedId } from '#core/ids'
import type { RoleOrGuest } from '#core/roles'
import { auditLog, type AuditActor } from '#core/audit/audit_log'

export type InviteLinkRecord = {
  id: string
  organizationId: string
  role: RoleOrGuest
  createdAt: DateTime
  /** null: the link never expires. */
  expiresAt: DateTime | null
  /** null: any number of people may join with it. */
  maxUses: number | null
  /** People who joined with it. */
  uses: number
}

/** What a new invite link is limited by (none: it lasts, for anyone, until revoked). */
export type InviteLinkLimits = { expiresInDays?: number; maxUses?: number }

export type EmailInviteInput = {
  emails: Array<string | { email: string; role: RoleOrGuest }>
  role?: RoleOrGuest
  sso?: boolean
}

export type EmailInviteResult = {
  /**
   * Users added to the organization by this call: none, as invites wait for acceptance. (Listing
   * the invited addresses that have an account would let any admin probe the server's accounts.)
   */
  users: string[]
  /** Invites recorded (new or renewed). */
  invited: number
  /** Addresses of people who already are members: nothing changed for them. */
  alreadyMembers: string[]
  failedSSOEmails: string[]
}

/**
 * A pending e-mail invite, with the token of its accept link (for its admins to pass on: the
 * server sends no e-mail).
 */
export type EmailInviteRecord = {
  id: number
  email: string
  role: RoleOrGuest
  sso: boolean
  createdAt: DateTime
  expiresAt: DateTime | null
  token: string
}

/**
 * An invite as the person who holds it sees it: which organization, which role, for which address
 * (e-mail invites only), and whether the organization sends that role through single sign-on.
 */
export type InviteDescription = {
  kind: 'link' | 'email'
  organization: { id: string; title: string }
  role: RoleOrGuest
  email: string | null
  expiresAt: DateTime | null
  /** An SSO-enforced organization admits non-admins through its identity provider only. */
  ssoRequired: boolean
}

export type NewAccountInput = { displayName: string; email?: string; password: string }

/** How long an e-mail invite admits its address. */
export const EMAIL_INVITE_DAYS = 14

const SSO_REQUIRED = (title: string) =>
  `The organization "${title}" requires single sign-on: sign in through its identity provider, then open this invite again`

const INVITE_GONE =
  'This invite is no longer valid: it was used, revoked, or replaced by a newer invite'

const LINK_EXPIRED =
  'This invite link has expired: ask an administrator of the organization for a new one'

const LINK_USED_UP =
  'This invite link has been used as many times as it allows: ask an administrator of the organization for a new one'

const LINKS_DISABLED =
  "Invite links are disabled in this organization's settings (inviteLinks: false)"

const members = new MemberService()

/**
 * How people join an organization on a server that sends no e-mail:
 * - an admin invites addresses (`POST /invites`): each becomes a pending invite with a role, which
 *   the person with that address accepts with `POST /join` once they have an account (whether an
 *   address has an account is never revealed to the inviter);
 * - `POST /join` also admits users whose e-mail domain is one of the organization's `emailDomains`,
 *   with the organization's `defaultRole`;
 * - invite links: reusable credentials, optionally expiring and limited to a number of uses,
 *   accepted with `POST /invites/{inviteId}` while the organization allows invite links.
 */
export default class InviteService {
  async inviteByEmail(
    caller: User,
    access: OrganizationAccess,
    input: EmailInviteInput
  ): Promise<EmailInviteResult> {
    const organizationId = access.organization.id
    const defaultRole = input.role !== undefined ? input.role : access.organization.defaultRole
    const roles = new Map<string, RoleOrGuest>()
    for (const entry of input.emails) {
      if (typeof entry === 'string') roles.set(entry.toLowerCase(), defaultRole)
      else roles.set(entry.email.toLowerCase(), entry.role)
    }
    const emails = [...roles.keys()]

    return db.transaction(async (trx) => {
      await members.lockRoster(trx, organizationId)
      const activeMembers = await trx
        .from('users as u')
        .join('organization_members as m', 'm.user_id', 'u.id')
        .where('m.organization_id', organizationId)
        .where('m.disabled', false)
        .whereIn('u.email', emails)
        .select('u.email')
      const memberEmails = new Set(activeMembers.map((row) => String(row.email).toLowerCase()))
      const result: EmailInviteResult = {
        users: [],
        invited: 0,
        alreadyMembers: [],
        failedSSOEmails: [],
      }
      for (const [email, role] of roles) {
        if (memberEmails.has(email)) {
          result.alreadyMembers.push(email)
          continue
        }
        const invite = await OrganizationInvite.query({ client: trx })
          .where('organization_id', organizationId)
          .where('email', email)
          .first()
        // A renewed invite gets a new date, and so a new accept link (the old one stops working).
        const now = DateTime.utc()
        const dates = { createdAt: now, expiresAt: now.plus({ days: EMAIL_INVITE_DAYS }) }
        let recorded = invite
        if (invite) {
          invite.merge({ role, sso: input.sso ?? false, invitedBy: caller.id, ...dates })
          await invite.save()
        } else {
          recorded = await OrganizationInvite.create(
            {
              organizationId,
              email,
              role,
              sso: input.sso ?? false,
              invitedBy: caller.id,
              ...dates,
            },
            { client: trx }
          )
        }
        await auditLog.record(
          {
            organizationId,
            action: 'invite.created',
            actor: { id: caller.id, label: caller.email },
            target: { type: 'invite', id: String(recorded!.id), label: email },
            payload: { role, sso: input.sso ?? false },
          },
          trx
        )
        result.invited++
      }
      return result
    })
  }

  /**
   * POST /orgs/{id}/join: the caller joins with their pending invite (its role and SSO flag; the
   * invite is used up) or, failing that, because their e-mail domain is one of the organization's
   * (with its default role). Joining as a member changes nothing. Anyone else gets the 404 of an
   * unknown organization.
   */
  async join(caller: User, organizationId: string): Promise<void> {
    const organization = isWellFormedId(organizationId)
      ? await db
          .from('organizations')
          .where('id', organizationId)
          .select('id', 'default_role')
          .first()
      : null
    if (!organization) throw NotFoundException.resource('organization', organizationId)
    const email = caller.email.toLowerCase()
    const domain = email.split('@').pop() ?? ''

    await db.transaction(async (trx) => {
      await members.lockRoster(trx, organizationId)
      const [membership, invited, domainRow] = await Promise.all([
        OrganizationMember.query({ client: trx })
          .where('organization_id', organizationId)
          .where('user_id', caller.id)
          .first(),
        OrganizationInvite.query({ client: trx })
          .where('organization_id', organizationId)
          .where('email', email)
          .first(),
        trx
          .from('organization_email_domains')
          .where('organization_id', organizationId)
          .where('domain', domain)
          .first(),
      ])
      // MySQL's collation also equates addresses that differ in accents (émile@ and emile@): only
      // the very address invited, or the very domain listed, admits anyone.
      const invite = invited?.email === email && !isExpired(invited.expiresAt) ? invited : null
      const inDomain = domainRow?.domain === domain
      if (membership && !membership.disabled) {
        if (invite) await invite.delete()
        return
      }
      if (invite) {
        await members.addMember(trx, organizationId, caller.id, {
          role: invite.role,
          sso: invite.sso,
        })
        await invite.delete()
        return
      }
      if (!inDomain) throw NotFoundException.resource('organization', organizationId)
      if (membership)
        throw new ForbiddenException('Your membership of this organization is disabled')
      await members.addMember(trx, organizationId, caller.id, {
        role: organization.default_role ?? null,
      })
    })
  }

  /**
   * POST /orgs/{id}/invites/{inviteId}: the caller joins with the invite link's role. A member
   * stays as they are (a link never changes an existing role).
   */
  async acceptLink(caller: User, organizationId: string, inviteId: string): Promise<void> {
    const row =
      isWellFormedId(organizationId) && isWellFormedId(inviteId)
        ? await db
            .from('organization_invite_links as l')
            .join('organizations as o', 'o.id', 'l.organization_id')
            .where('l.id', inviteId)
            .where('l.organization_id', organizationId)
            .select('l.role', 'o.invite_links')
            .first()
        : null
    if (!row) throw NotFoundException.resource('invite', inviteId)
    if (!toBoolean(row.invite_links)) throw new ForbiddenException(LINKS_DISABLED)
    await db.transaction(async (trx) => {
      // The roster lock also serializes the link's uses: two people joining with its last use
      // at once cannot both get in.
      await members.lockRoster(trx, organizationId)
      const link = await trx
        .from('organization_invite_links')
        .where('id', inviteId)
        .select('role', 'expires_at', 'max_uses', 'uses')
        .first()
      if (!link) throw NotFoundException.resource('invite', inviteId)
      const membership = await OrganizationMember.query({ client: trx })
        .where('organization_id', organizationId)
        .where('user_id', caller.id)
        .first()
      if (membership?.disabled)
        throw new ForbiddenException('Your membership of this organization is disabled')
      if (membership) return
      assertLinkUsable(link)
      await members.addMember(trx, organizationId, caller.id, { role: link.role ?? null })
      await trx
        .from('organization_invite_links')
        .where('id', inviteId)
        .update({ uses: Number(link.uses ?? 0) + 1 })
    })
  }

  /**
   * The pending e-mail invites of the organization (for its admins), newest first, each with its
   * accept link's token.
   */
  async listEmailInvites(access: OrganizationAccess): Promise<EmailInviteRecord[]> {
    const invites = await OrganizationInvite.query()
      .where('organization_id', access.organization.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1000)
    return invites.map((invite) => ({
      id: invite.id,
      email: invite.email,
      role: invite.role,
      sso: invite.sso,
      createdAt: invite.createdAt,
      expiresAt: invite.expiresAt,
      token: emailInviteToken(invite),
    }))
  }

  /**
   * Revokes a pending e-mail invite of the organization (its accept link stops working).
   */
  async revokeEmailInvite(
    access: OrganizationAccess,
    inviteId: string,
    actor: AuditActor
  ): Promise<string> {
    const invite = /^\d{1,18}$/.test(inviteId)
      ? await OrganizationInvite.query()
          .where('organization_id', access.organization.id)
          .where('id', inviteId)
          .first()
      : null
    if (!invite) throw NotFoundException.resource('invite', inviteId)
    await db.transaction(async (trx) => {
      await trx.from('organization_invites').where('id', invite.id).delete()
      await auditLog.record(
        {
          organizationId: access.organization.id,
          action: 'invite.revoked',
          actor,
          target: { type: 'invite', id: String(invite.id), label: invite.email },
        },
        trx
      )
    })
    return invite.email
  }

  /**
   * What an invite link offers, for whoever holds it: a 404 for an unknown or deleted link, a 403
   * while the organization has invite links off.
   */
  async describeLink(organizationId: string, inviteId: string): Promise<InviteDescription> {
    const row =
      isWellFormedId(organizationId) && isWellFormedId(inviteId)
        ? await db
            .from('organization_invite_links as l')
            .join('organizations as o', 'o.id', 'l.organization_id')
            .where('l.id', inviteId)
            .where('l.organization_id', organizationId)
            .select(
              'l.role',
              'l.expires_at',
              'l.max_uses',
              'l.uses',
              'o.id',
              'o.title',
              'o.invite_links',
              'o.sso'
            )
            .first()
        : null
    if (!row) throw new NotFoundException(INVITE_GONE)
    if (!toBoolean(row.invite_links)) throw new ForbiddenException(LINKS_DISABLED)
    assertLinkUsable(row)
    return describe('link', row, row.role ?? null, null, fromSqlTimestamp(row.expires_at))
  }

  /**
   * What an e-mail invite's accept link offers: a 404 for a wrong, used, revoked or renewed link,
   * a 403 once it has expired.
   */
  async describeEmailInvite(token: string): Promise<InviteDescription> {
    const { invite, organization } = await this.emailInviteOf(token)
    return describe('email', organization, invite.role, invite.email, invite.expiresAt)
  }

  /**
   * The caller joins with an e-mail invite's accept link, which only the invited address may use;
   * the invite is then used up. A member stays as they are.
   */
  async acceptEmailInvite(caller: User, token: string): Promise<{ organizationId: string }> {
    const { invite } = await this.emailInviteOf(token)
    if (invite.email !== caller.email.toLowerCase()) {
      throw new ForbiddenException(
        `This invite is for ${invite.email}: sign in with that address to accept it`
      )
    }
    await db.transaction(async (trx) => {
      await members.lockRoster(trx, invite.organizationId)
      const membership = await OrganizationMember.query({ client: trx })
        .where('organization_id', invite.organizationId)
        .where('user_id', caller.id)
        .first()
      if (membership?.disabled)
        throw new ForbiddenException('Your membership of this organization is disabled')
      if (!membership) {
        await members.addMember(trx, invite.organizationId, caller.id, {
          role: invite.role,
          sso: invite.sso,
        })
      }
      await OrganizationInvite.query({ client: trx }).where('id', invite.id).delete()
    })
    return { organizationId: invite.organizationId }
  }

  /**
   * A new account joins with an invite link: its e-mail is the one given. Refused before any
   * account is made when the link is gone, invite links are off, or the organization sends this
   * role through single sign-on.
   */
  async acceptLinkAsNewUser(organizationId: string, inviteId: string, input: NewAccountInput) {
    const invite = await this.describeLink(organizationId, inviteId)
    assertPasswordJoin(invite)
    const user = await new UserService().register({ ...input, email: input.email ?? '' })
    await this.acceptLink(user, organizationId, inviteId)
    return { user, organizationId }
  }

  /**
   * A new account joins with an e-mail invite: its e-mail is the invited address.
   */
  async acceptEmailInviteAsNewUser(token: string, input: NewAccountInput) {
    const invite = await this.describeEmailInvite(token)
    assertPasswordJoin(invite)
    const user = await new UserService().register({ ...input, email: invite.email! })
    await this.acceptEmailInvite(user, token)
    return { user, organizationId: invite.organization.id }
  }

  /**
   * Refuses a password account's joining (a new account, or a password sign-in on the invite's
   * page) where the organization admits this role through single sign-on only.
   */
  assertPasswordJoin(invite: InviteDescription) {
    assertPasswordJoin(invite)
  }

  private async emailInviteOf(token: string) {
    const match = /^(\d{1,18})\.([A-Za-z0-9_-]{43})$/.exec(token)
    const invite = match ? await OrganizationInvite.find(match[1]) : null
    if (!invite || !safeEqual(emailInviteToken(invite), token)) {
      throw new NotFoundException(INVITE_GONE)
    }
    const organization = await db
      .from('organizations')
      .where('id', invite.organizationId)
      .select('id', 'title', 'sso')
      .firstOrFail()
    if (isExpired(invite.expiresAt)) {
      throw new ForbiddenException(
        'This invite has expired: ask an administrator of the organization for a new one'
      )
    }
    return { invite, organization }
  }

  async listLinks(access: OrganizationAccess, query: ListQuery) {
    const builder = db
      .from('organization_invite_links as l')
      .where('l.organization_id', access.organization.id)
      .select(
        'l.id',
        'l.organization_id',
        'l.role',
        'l.created_at',
        'l.expires_at',
        'l.max_uses',
        'l.uses'
      )
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'l.created_at', key: 'created_at' },
        { column: 'l.id', key: 'id' },
      ],
    })
    return { items: page.rows.map(toLinkRecord), count: page.count, next: page.next }
  }

  async findLink(access: OrganizationAccess, inviteId: string): Promise<InviteLinkRecord> {
    if (isWellFormedId(inviteId)) {
      const row = await db
        .from('organization_invite_links')
        .where('id', inviteId)
        .where('organization_id', access.organization.id)
        .select('id', 'organization_id', 'role', 'created_at', 'expires_at', 'max_uses', 'uses')
        .first()
      if (row) return toLinkRecord(row)
    }
    throw NotFoundException.resource('invite', inviteId)
  }

  async createLink(
    caller: User,
    access: OrganizationAccess,
    role: RoleOrGuest,
    limits: InviteLinkLimits = {}
  ): Promise<InviteLinkRecord> {
    if (!access.organization.inviteLinks) throw new ForbiddenException(LINKS_DISABLED)
    const id = await db.transaction(async (trx) => {
      const link = await OrganizationInviteLink.create(
        {
          organizationId: access.organization.id,
          role,
          createdBy: caller.id,
          expiresAt: limits.expiresInDays
            ? DateTime.utc().plus({ days: limits.expiresInDays })
            : null,
          maxUses: limits.maxUses ?? null,
          uses: 0,
        },
        { client: trx }
      )
      await auditLog.record(
        {
          organizationId: access.organization.id,
          action: 'invite_link.created',
          actor: { id: caller.id, label: caller.email },
          target: { type: 'invite-link', id: link.id },
          payload: {
            role,
            expiresAt: link.expiresAt?.toISO() ?? null,
            maxUses: link.maxUses,
          },
        },
        trx
      )
      return link.id
    })
    return this.findLink(access, id)
  }

  async updateLink(
    access: OrganizationAccess,
    link: InviteLinkRecord,
    role: RoleOrGuest,
    actor: AuditActor
  ): Promise<InviteLinkRecord> {
    await db.transaction(async (trx) => {
      await trx.from('organization_invite_links').where('id', link.id).update({ role })
      await auditLog.record(
        {
          organizationId: access.organization.id,
          action: 'invite_link.updated',
          actor,
          target: { type: 'invite-link', id: link.id },
          payload: { role, previousRole: link.role },
        },
        trx
      )
    })
    return this.findLink(access, link.id)
  }

  async deleteLink(link: InviteLinkRecord, actor: AuditActor): Promise<void> {
    await db.transaction(async (trx) => {
      await trx.from('organization_invite_links').where('id', link.id).delete()
      await auditLog.record(
        {
          organizationId: link.organizationId,
          action: 'invite_link.deleted',
          actor,
          target: { type: 'invite-link', id: link.id },
          payload: { role: link.role, uses: link.uses },
        },
        trx
      )
    })
  }
}

/**
 * An e-mail invite's accept token: its id and an HMAC (APP_KEY) over its id, organization, address
 * and date. Nothing secret is stored; renewing or deleting the invite retires the token.
 */
function emailInviteToken(invite: OrganizationInvite): string {
  const signature = createHmac('sha256', appKey.release())
    .update(
      `organization-invite:${invite.id}:${invite.organizationId}:${invite.email}:${invite.createdAt.toMillis()}`
    )
    .digest('base64url')
  return `${invite.id}.${signature}`
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function isExpired(expiresAt: DateTime | null): boolean {
  return expiresAt !== null && expiresAt.toMillis() <= Date.now()
}

function describe(
  kind: InviteDescription['kind'],
  organization: { id: string; title: string; sso: unknown },
  role: RoleOrGuest,
  email: string | null,
  expiresAt: DateTime | null
): InviteDescription {
  return {
    kind,
    organization: { id: organization.id, title: organization.title },
    role,
    email,
    expiresAt,
    ssoRequired: toBoolean(organization.sso) && role !== 'admin',
  }
}

function assertPasswordJoin(invite: InviteDescription) {
  if (invite.ssoRequired) throw new ForbiddenException(SSO_REQUIRED(invite.organization.title))
}

function toLinkRecord(row: Record<string, any>): InviteLinkRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    role: row.role ?? null,
    createdAt: fromSqlTimestamp(row.created_at)!,
    expiresAt: fromSqlTimestamp(row.expires_at),
    maxUses: row.max_uses === null || row.max_uses === undefined ? null : Number(row.max_uses),
    uses: Number(row.uses ?? 0),
  }
}

/**
 * An expired or used-up link admits nobody (403, with the reason for the invite's page).
 */
function assertLinkUsable(row: { expires_at: unknown; max_uses: unknown; uses: unknown }) {
  if (isExpired(fromSqlTimestamp(row.expires_at))) throw new ForbiddenException(LINK_EXPIRED)
  if (row.max_uses !== null && row.max_uses !== undefined) {
    if (Number(row.uses ?? 0) >= Number(row.max_uses)) throw new ForbiddenException(LINK_USED_UP)
  }
}
