import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import OrganizationMember from '#organizations/models/organization_member'
import TeamMember from '#organizations/models/team_member'
import type { OrganizationAccess } from '#organizations/organization_access'
import { userFromRow, type UserRecord, type UserRow } from '#accounts/serializers/user_serializer'
import { ConflictException, NotFoundException } from '#core/exceptions/api_exceptions'
import { fromSqlTimestamp } from '#core/database/timestamps'
import { toBoolean } from '#core/database/columns'
import { whereContainsInsensitive } from '#core/database/filters'
import type { QueryClient } from '#core/database/query_client'
import { paginate, type ListQuery } from '#core/http/pagination'
import { isWellFormedId } from '#core/ids'
import type { Role, RoleOrGuest } from '#core/roles'
import app from '@adonisjs/core/services/app'
import { MemberSpaces } from '#organizations/contracts/member_spaces'
import UserSessionsService from '#accounts/services/user_sessions_service'
import { auditLog, type AuditActor } from '#core/audit/audit_log'

/**
 * An organization member as the wire's Member record needs it.
 */
export type MemberRecord = {
  userId: string
  role: RoleOrGuest
  disabled: boolean
  sso: boolean
  joinedAt: DateTime
  lastSeenAt: DateTime | null
  user: UserRecord
  teams: number
  spaces: number
  sites: number
}

export type MemberListQuery = ListQuery & {
  order?: 'asc' | 'desc'
  role?: Role | 'guest'
  search?: string
  sort?: 'joinedAt' | 'lastSeenAt'
}

/** A subquery selecting user ids (one column), for `whereIn`. */
export type MemberSubquery = (sub: DatabaseQueryBuilderContract<any>) => void

const MEMBER_COLUMNS = [
  'm.user_id',
  'm.role',
  'm.disabled',
  'm.sso',
  'm.joined_at',
  'm.last_seen_at',
  'u.email',
  'u.display_name',
  'u.photo_url',
]

/**
 * Members of an organization: the roster, roles, removal, SSO flag, and adding members (invites,
 * joins and SSO sign-ins all end here). Reads use plain rows; multi-row writes one transaction.
 */
export default class MemberService {
  /**
   * One keyset page of the roster (with `among`: of the members whose user ids the subquery selects,
   * such as a space's commenters). `sort: lastSeenAt` lists only members seen at least once.
   */
  async list(
    organizationId: string,
    query: MemberListQuery,
    options: { among?: MemberSubquery } = {}
  ) {
    const sortColumn = query.sort === 'lastSeenAt' ? 'last_seen_at' : 'joined_at'
    const builder = this.baseQuery(db, organizationId)
      .if(Boolean(options.among), (q) => q.whereIn('m.user_id', options.among!))
      .if(query.sort === 'lastSeenAt', (q) => q.whereNotNull('m.last_seen_at'))
      .if(query.role === 'guest', (q) => q.whereNull('m.role'))
      .if(query.role && query.role !== 'guest', (q) => q.where('m.role', query.role!))
      .if(query.search, (q) =>
        whereContainsInsensitive(q, ['u.display_name', 'u.email'], query.search!)
      )
    const page = await paginate<Record<string, any>>(builder, {
      page: query.page,
      limit: query.limit,
      direction: query.order ?? 'desc',
      order: [
        { column: `m.${sortColumn}`, key: sortColumn },
        { column: 'm.user_id', key: 'user_id' },
      ],
    })
    return {
      items: await this.hydrate(organizationId, page.rows),
      count: page.count,
      next: page.next,
    }
  }

  /**
   * The member `userId` of the organization; unknown ids and non-members are the same 404.
   */
  async find(organizationId: string, userId: string): Promise<MemberRecord> {
    if (isWellFormedId(userId)) {
      const row = await this.baseQuery(db, organizationId).where('m.user_id', userId).first()
      if (row) {
        const [member] = await this.hydrate(organizationId, [row])
        return member
      }
    }
    throw NotFoundException.resource('member', userId)
  }

  /**
   * Members by user id (users who are not members are left out).
   */
  async findMany(organizationId: string, userIds: string[]): Promise<Map<string, MemberRecord>> {
    if (userIds.length === 0) return new Map()
    const rows = await this.baseQuery(db, organizationId).whereIn('m.user_id', userIds)
    const records = await this.hydrate(organizationId, rows)
    return new Map(records.map((record) => [record.userId, record]))
  }

  /**
   * Makes `userId` a member with `role` (an existing membership takes the role and is enabled
   * again), inside the caller's transaction. `sso: true` marks an SSO member; `false` or absent
   * leaves an existing member's flag as it is.
   */
  async addMember(
    trx: TransactionClientContract,
    organizationId: string,
    userId: string,
    options: { role: RoleOrGuest; sso?: boolean }
  ): Promise<OrganizationMember> {
    const existing = await OrganizationMember.query({ client: trx })
      .where('organization_id', organizationId)
      .where('user_id', userId)
      .first()
    if (existing) {
      existing.merge({ role: options.role, disabled: false })
      if (options.sso) existing.sso = true
      await existing.save()
      return existing
    }
    const member = await OrganizationMember.create(
      {
        organizationId,
        userId,
        role: options.role,
        disabled: false,
        sso: options.sso ?? false,
        joinedAt: DateTime.utc(),
      },
      { client: trx }
    )
    // Whoever joins is the actor: by invite, invite link, e-mail domain or creating the organization.
    const user = await trx.from('users').where('id', userId).select('email').first()
    const who = { id: userId, label: user?.email ?? null }
    await auditLog.record(
      {
        organizationId,
        action: 'member.joined',
        actor: who,
        target: { type: 'member', ...who },
        payload: { role: options.role },
      },
      trx
    )
    return member
  }

  /**
   * Changes a member's role. The organization keeps at least one admin: demoting the last is a 409.
   */
  async updateRole(
    access: OrganizationAccess,
    userId: string,
    role: RoleOrGuest,
    actor: AuditActor
  ): Promise<MemberRecord> {
    const organizationId = access.organization.id
    await db.transaction(async (trx) => {
      await this.lockRoster(trx, organizationId)
      const member = await this.membershipOrFail(trx, organizationId, userId)
      if (member.role === 'admin' && role !== 'admin') {
        await this.assertAnotherAdmin(trx, organizationId, userId, 'demoted')
      }
      const previous = member.role
      member.role = role
      await member.save()
      if (previous !== role) {
        await this.audit(trx, organizationId, 'member.role_updated', actor, userId, {
          role,
          previousRole: previous,
        })
      }
    })
    return this.find(organizationId, userId)
  }

  /**
   * Removes a member with their memberships of the organization's teams and the roles granted to
   * them on its spaces and collections, atomically (rejoining starts afresh). The last admin
   * cannot be removed (409). A member removed by someone else (`actor`) has their console
   * sessions ended; one who leaves keeps theirs.
   */
  async remove(access: OrganizationAccess, userId: string, actor: AuditActor): Promise<void> {
    const organizationId = access.organization.id
    await db.transaction(async (trx) => {
      await this.lockRoster(trx, organizationId)
      const member = await this.membershipOrFail(trx, organizationId, userId)
      if (member.role === 'admin')
        await this.assertAnotherAdmin(trx, organizationId, userId, 'removed')
      await TeamMember.query({ client: trx })
        .where('user_id', userId)
        .whereIn('team_id', (teams) =>
          teams.from('teams').where('organization_id', organizationId).select('id')
        )
        .delete()
      const spaces = await app.container.make(MemberSpaces)
      await spaces.revokeMemberGrants(trx, organizationId, userId)
      await member.delete()
      await this.audit(trx, organizationId, 'member.removed', actor, userId, { role: member.role })
    })
    if (actor?.id !== userId) await new UserSessionsService().end(userId)
  }

  /**
   * POST /orgs/{id}/members/{userId}/sso: the member signs in through the organization's SSO.
   */
  async markSso(
    access: OrganizationAccess,
    userId: string,
    actor: AuditActor
  ): Promise<MemberRecord> {
    const organizationId = access.organization.id
    await db.transaction(async (trx) => {
      const member = await this.membershipOrFail(trx, organizationId, userId)
      member.sso = true
      await member.save()
      await this.audit(trx, organizationId, 'member.sso_updated', actor, userId, { sso: true })
    })
    return this.find(organizationId, userId)
  }

  /**
   * Resolves user ids and e-mail addresses (case-insensitive) to active members of the
   * organization. Identifiers that name no member come back in `unknown`.
   */
  async resolve(
    client: QueryClient,
    organizationId: string,
    identifiers: string[]
  ): Promise<{ userIds: Map<string, string>; unknown: string[] }> {
    const userIds = new Map<string, string>()
    const ids = identifiers.filter(
      (identifier) => !identifier.includes('@') && isWellFormedId(identifier)
    )
    const emails = identifiers
      .filter((identifier) => identifier.includes('@'))
      .map((email) => email.toLowerCase())
    if (ids.length > 0 || emails.length > 0) {
      const rows = await client
        .from('organization_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where('m.organization_id', organizationId)
        .where('m.disabled', false)
        .where((q) =>
          q
            .if(ids.length > 0, (sub) => sub.orWhereIn('u.id', ids))
            .if(emails.length > 0, (sub) => sub.orWhereIn('u.email', emails))
        )
        .select('u.id', 'u.email')
      const byEmail = new Map(
        rows.map((row) => [String(row.email).toLowerCase(), row.id as string])
      )
      const byId = new Set(rows.map((row) => row.id as string))
      for (const identifier of identifiers) {
        const userId = identifier.includes('@')
          ? byEmail.get(identifier.toLowerCase())
          : byId.has(identifier)
            ? identifier
            : undefined
        if (userId) userIds.set(identifier, userId)
      }
    }
    return { userIds, unknown: identifiers.filter((identifier) => !userIds.has(identifier)) }
  }

  /**
   * Number of the organization's spaces each member can access, as the spaces domain resolves
   * effective roles.
   */
  async spaceCounts(organizationId: string, userIds: string[]): Promise<Map<string, number>> {
    const spaces = await app.container.make(MemberSpaces)
    return spaces.countSpacesOfMembers(organizationId, userIds)
  }

  /**
   * Number of the organization's sites each member can access (the Member record's required
   * `sites`). The sites domain fills this in; until it exists there are no sites, so every count is 0.
   */
  async siteCounts(_organizationId: string, userIds: string[]): Promise<Map<string, number>> {
    return new Map(userIds.map((userId) => [userId, 0]))
  }

  private baseQuery(client: QueryClient, organizationId: string) {
    return client
      .from('organization_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', organizationId)
      .select(MEMBER_COLUMNS)
  }

  /**
   * Counts for member rows. Reads outside any transaction (the space counts come from the spaces
   * domain, on the default connection): never call it while a transaction holds SQLite's only
   * connection.
   */
  private async hydrate(
    organizationId: string,
    rows: Record<string, any>[]
  ): Promise<MemberRecord[]> {
    const userIds = rows.map((row) => row.user_id as string)
    const [teams, spaces, sites] = await Promise.all([
      this.teamCounts(organizationId, userIds),
      this.spaceCounts(organizationId, userIds),
      this.siteCounts(organizationId, userIds),
    ])
    return rows.map((row) => ({
      userId: row.user_id,
      role: row.role ?? null,
      disabled: toBoolean(row.disabled),
      sso: toBoolean(row.sso),
      joinedAt: fromSqlTimestamp(row.joined_at)!,
      lastSeenAt: fromSqlTimestamp(row.last_seen_at),
      user: userFromRow({
        id: row.user_id,
        email: row.email,
        display_name: row.display_name,
        photo_url: row.photo_url,
      } as UserRow),
      teams: teams.get(row.user_id) ?? 0,
      spaces: spaces.get(row.user_id) ?? 0,
      sites: sites.get(row.user_id) ?? 0,
    }))
  }

  private async teamCounts(organizationId: string, userIds: string[]) {
    const counts = new Map<string, number>()
    if (userIds.length === 0) return counts
    const rows = await db
      .from('team_members as tm')
      .join('teams as t', 't.id', 'tm.team_id')
      .where('t.organization_id', organizationId)
      .whereIn('tm.user_id', userIds)
      .groupBy('tm.user_id')
      .select('tm.user_id')
      .count('* as total')
    for (const row of rows) counts.set(row.user_id, Number(row.total))
    return counts
  }

  private async membershipOrFail(
    trx: TransactionClientContract,
    organizationId: string,
    userId: string
  ) {
    const member = isWellFormedId(userId)
      ? await OrganizationMember.query({ client: trx })
          .where('organization_id', organizationId)
          .where('user_id', userId)
          .first()
      : null
    if (!member) throw NotFoundException.resource('member', userId)
    return member
  }

  /**
   * Takes the organization row's write lock for the rest of the transaction (a no-op update, on
   * both engines), so that changes to the organization's roster run one after the other and each
   * sees the one before: two requests demoting the last two admins, or adding the same user, at
   * once. Run it first in the transaction, before any read.
   */
  async lockRoster(trx: TransactionClientContract, organizationId: string) {
    await trx.rawQuery('UPDATE organizations SET plan = plan WHERE id = ?', [organizationId])
  }

  /** A change to a member, recorded in the change's transaction with the member's address. */
  private async audit(
    trx: TransactionClientContract,
    organizationId: string,
    action: 'member.role_updated' | 'member.removed' | 'member.sso_updated',
    actor: AuditActor,
    userId: string,
    payload: Record<string, unknown>
  ) {
    const user = await trx.from('users').where('id', userId).select('email').first()
    await auditLog.record(
      {
        organizationId,
        action,
        actor,
        target: { type: 'member', id: userId, label: user?.email ?? null },
        payload,
      },
      trx
    )
  }

  private async assertAnotherAdmin(
    trx: TransactionClientContract,
    organizationId: string,
    userId: string,
    change: 'demoted' | 'removed'
  ) {
    const [row] = await trx
      .from('organization_members')
      .where('organization_id', organizationId)
      .where('role', 'admin')
      .where('disabled', false)
      .whereNot('user_id', userId)
      .count('* as total')
    if (Number(row?.total ?? 0) === 0) {
      throw new ConflictException(
        `The last admin of an organization cannot be ${change}; make another member admin first`
      )
    }
  }
}
