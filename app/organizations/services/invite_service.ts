import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import type User from '#accounts/models/user'
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

export type InviteLinkRecord = {
  id: string
  organizationId: string
  role: RoleOrGuest
  createdAt: DateTime
}

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
 * - invite links: reusable, no expiry (GitBook's shape has none), accepted with
 *   `POST /invites/{inviteId}` while the organization allows invite links.
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
        if (invite) {
          invite.merge({ role, sso: input.sso ?? false, invitedBy: caller.id })
          await invite.save()
        } else {
          await OrganizationInvite.create(
            { organizationId, email, role, sso: input.sso ?? false, invitedBy: caller.id },
            { client: trx }
          )
        }
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
      const invite = invited?.email === email ? invited : null
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
      await members.lockRoster(trx, organizationId)
      const membership = await OrganizationMember.query({ client: trx })
        .where('organization_id', organizationId)
        .where('user_id', caller.id)
        .first()
      if (membership?.disabled)
        throw new ForbiddenException('Your membership of this organization is disabled')
      if (!membership)
        await members.addMember(trx, organizationId, caller.id, { role: row.role ?? null })
    })
  }

  async listLinks(access: OrganizationAccess, query: ListQuery) {
    const builder = db
      .from('organization_invite_links as l')
      .where('l.organization_id', access.organization.id)
      .select('l.id', 'l.organization_id', 'l.role', 'l.created_at')
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
        .select('id', 'organization_id', 'role', 'created_at')
        .first()
      if (row) return toLinkRecord(row)
    }
    throw NotFoundException.resource('invite', inviteId)
  }

  async createLink(
    caller: User,
    access: OrganizationAccess,
    role: RoleOrGuest
  ): Promise<InviteLinkRecord> {
    if (!access.organization.inviteLinks) throw new ForbiddenException(LINKS_DISABLED)
    const link = await OrganizationInviteLink.create({
      organizationId: access.organization.id,
      role,
      createdBy: caller.id,
    })
    return this.findLink(access, link.id)
  }

  async updateLink(
    access: OrganizationAccess,
    link: InviteLinkRecord,
    role: RoleOrGuest
  ): Promise<InviteLinkRecord> {
    const model = await OrganizationInviteLink.findOrFail(link.id)
    model.role = role
    await model.save()
    return this.findLink(access, link.id)
  }

  async deleteLink(link: InviteLinkRecord): Promise<void> {
    await db.from('organization_invite_links').where('id', link.id).delete()
  }
}

function toLinkRecord(row: Record<string, any>): InviteLinkRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    role: row.role ?? null,
    createdAt: fromSqlTimestamp(row.created_at)!,
  }
}
