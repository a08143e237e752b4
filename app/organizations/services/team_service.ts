import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

import type User from '#accounts/models/user'
import Team from '#organizations/models/team'
import TeamMember, { type TeamRole } from '#organizations/models/team_member'
import type { OrganizationAccess } from '#organizations/organization_access'
import MemberService from '#organizations/services/member_service'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { whereContainsInsensitive } from '#core/database/filters'
import { paginate, type ListQuery } from '#core/http/pagination'
import { isWellFormedId } from '#core/ids'
import app from '@adonisjs/core/services/app'
import { MemberSpaces } from '#organizations/contracts/member_spaces'

/**
 * A team as the wire's Team record needs it, with the caller's own role in it (null when the caller
 * is not in the team).
 */
export type TeamRecord = {
  id: string
  organizationId: string
  title: string
  createdAt: DateTime
  members: number
  spaces: number
  callerRole: TeamRole | null
}

export type TeamMembersUpdate = {
  add?: string[]
  remove?: string[]
  memberships?: Record<string, { role: TeamRole }>
}

const members = new MemberService()

/**
 * Teams are listed in the order they were made (keyset on creation time, then id).
 */
const OLDEST_FIRST = [
  { column: 't.created_at', key: 'created_at' },
  { column: 't.id', key: 'id' },
]

/**
 * Teams of an organization and their members. Counts are read with the teams, never stored.
 */
export default class TeamService {
  /**
   * One page of the organization's teams, oldest first. `owner` keeps the teams that member can
   * manage (every team for an organization admin, the teams they own otherwise); `title` is a
   * case-insensitive contains filter.
   */
  async list(
    caller: User,
    access: OrganizationAccess,
    query: ListQuery & { owner?: string; title?: string }
  ) {
    const organizationId = access.organization.id
    let ownerFilter: 'all' | 'owned' | 'none' = 'all'
    if (query.owner !== undefined) {
      const owner = isWellFormedId(query.owner)
        ? await db
            .from('organization_members')
            .where('organization_id', organizationId)
            .where('user_id', query.owner)
            .where('disabled', false)
            .select('role')
            .first()
        : null
      ownerFilter = !owner ? 'none' : owner.role === 'admin' ? 'all' : 'owned'
    }
    const builder = db
      .from('teams as t')
      .where('t.organization_id', organizationId)
      .select('t.id', 't.organization_id', 't.title', 't.created_at')
      .if(ownerFilter === 'none', (q) => q.whereRaw('1 = 0'))
      .if(ownerFilter === 'owned', (q) =>
        q.whereIn('t.id', (owned) =>
          owned
            .from('team_members')
            .where('user_id', query.owner!)
            .where('role', 'owner')
            .select('team_id')
        )
      )
      .if(query.title, (q) => whereContainsInsensitive(q, ['t.title'], query.title!))
    const page = await paginate<Record<string, any>>(builder, {
      page: query.page,
      limit: query.limit,
      order: OLDEST_FIRST,
    })
    return { items: await this.hydrate(caller.id, page.rows), count: page.count, next: page.next }
  }

  /**
   * The teams `userId` belongs to in the organization, with their team role; `title` filters.
   */
  async listForMember(
    caller: User,
    organizationId: string,
    userId: string,
    query: ListQuery & { title?: string }
  ) {
    const builder = db
      .from('team_members as tm')
      .join('teams as t', 't.id', 'tm.team_id')
      .where('t.organization_id', organizationId)
      .where('tm.user_id', userId)
      .select('t.id', 't.organization_id', 't.title', 't.created_at', 'tm.role as member_role')
      .if(query.title, (q) => whereContainsInsensitive(q, ['t.title'], query.title!))
    const page = await paginate<Record<string, any>>(builder, {
      page: query.page,
      limit: query.limit,
      order: OLDEST_FIRST,
    })
    const teams = await this.hydrate(caller.id, page.rows)
    const items = teams.map((team, index) => ({
      team,
      role: page.rows[index].member_role as TeamRole,
    }))
    return { items, count: page.count, next: page.next }
  }

  /**
   * A team of the organization; teams of other organizations and unknown ids are the same 404.
   */
  async find(caller: User, organizationId: string, teamId: string): Promise<TeamRecord> {
    if (isWellFormedId(teamId)) {
      const row = await db
        .from('teams')
        .where('id', teamId)
        .where('organization_id', organizationId)
        .select('id', 'organization_id', 'title', 'created_at')
        .first()
      if (row) {
        const [team] = await this.hydrate(caller.id, [row])
        return team
      }
    }
    throw NotFoundException.resource('team', teamId)
  }

  /**
   * Teams of the organization by id, for records that refer to them (a SAML provider's default
   * team). Ids of other organizations are left out.
   */
  async findMany(
    caller: User,
    organizationId: string,
    teamIds: string[]
  ): Promise<Map<string, TeamRecord>> {
    if (teamIds.length === 0) return new Map()
    const rows = await db
      .from('teams')
      .whereIn('id', teamIds)
      .where('organization_id', organizationId)
      .select('id', 'organization_id', 'title', 'created_at')
    const records = await this.hydrate(caller.id, rows)
    return new Map(records.map((record) => [record.id, record]))
  }

  /**
   * Creates a team with the given members (user ids of active organization members, team role
   * `member`), atomically: an unknown member is a 400 and creates nothing.
   */
  async create(
    caller: User,
    access: OrganizationAccess,
    input: { title: string; members?: string[] }
  ) {
    const organizationId = access.organization.id
    const teamId = await db.transaction(async (trx) => {
      const memberIds = await this.resolveOrFail(
        trx,
        organizationId,
        'members',
        input.members ?? []
      )
      const team = new Team()
      team.useTransaction(trx)
      team.merge({ organizationId, title: input.title })
      await team.save()
      for (const userId of new Set(memberIds.values())) {
        await this.addMemberWithin(trx, team.id, userId, 'member')
      }
      return team.id
    })
    return this.find(caller, organizationId, teamId)
  }

  async rename(caller: User, team: TeamRecord, title: string): Promise<TeamRecord> {
    await db.from('teams').where('id', team.id).update({ title, updated_at: nowSql() })
    return this.find(caller, team.organizationId, team.id)
  }

  /**
   * Deletes the team and its memberships.
   */
  async delete(team: TeamRecord): Promise<void> {
    await db.transaction(async (trx) => {
      await trx.from('team_members').where('team_id', team.id).delete()
      await trx.from('teams').where('id', team.id).delete()
    })
  }

  /**
   * One page of the team's members, in the order they joined the team.
   */
  async listMembers(team: TeamRecord, query: ListQuery) {
    const builder = db
      .from('team_members as tm')
      .where('tm.team_id', team.id)
      .select('tm.id', 'tm.user_id', 'tm.role')
    const page = await paginate<Record<string, any>>(builder, {
      page: query.page,
      limit: query.limit,
      order: [{ column: 'tm.id', key: 'id' }],
    })
    const records = await members.findMany(
      team.organizationId,
      page.rows.map((row) => row.user_id)
    )
    const items = page.rows
      .filter((row) => records.has(row.user_id))
      .map((row) => ({ member: records.get(row.user_id)!, role: row.role as TeamRole }))
    return { items, count: page.count, next: page.next }
  }

  /**
   * The bulk update of PUT /teams/{id}/members: `add` then `memberships` (add or change team roles),
   * then `remove` (a user named in both `add` and `remove` ends up removed). Users are named by id
   * or e-mail address and must be active members of the organization: any unknown one is a 400 that
   * names them all, and nothing is applied.
   */
  async updateMembers(team: TeamRecord, update: TeamMembersUpdate): Promise<void> {
    const add = update.add ?? []
    const remove = update.remove ?? []
    const memberships = Object.entries(update.memberships ?? {})
    await db.transaction(async (trx) => {
      await this.serializeMemberChanges(trx, team.id)
      const userIds = await this.resolveOrFail(
        trx,
        team.organizationId,
        'add, remove, memberships',
        [...new Set([...add, ...remove, ...memberships.map(([identifier]) => identifier)])]
      )
      const removed = new Set(remove.map((identifier) => userIds.get(identifier)!))
      const roles = new Map<string, TeamRole | undefined>()
      for (const identifier of add) roles.set(userIds.get(identifier)!, undefined)
      for (const [identifier, { role }] of memberships) roles.set(userIds.get(identifier)!, role)
      for (const [userId, role] of roles) {
        if (!removed.has(userId)) await this.setMemberWithin(trx, team.id, userId, role)
      }
      if (removed.size > 0) {
        await trx
          .from('team_members')
          .where('team_id', team.id)
          .whereIn('user_id', [...removed])
          .delete()
      }
    })
  }

  /**
   * PUT /teams/{id}/members/{userId}: adds the active organization member to the team (team role
   * `member` unless given) or changes their team role.
   */
  async setMember(team: TeamRecord, userId: string, role: TeamRole | undefined): Promise<void> {
    await db.transaction(async (trx) => {
      await this.serializeMemberChanges(trx, team.id)
      // Active members only, as in the bulk update; read within the transaction (the SQLite pool has
      // one connection, which the transaction holds).
      const resolved = isWellFormedId(userId)
        ? await members.resolve(trx, team.organizationId, [userId])
        : null
      if (!resolved?.userIds.has(userId)) throw NotFoundException.resource('member', userId)
      await this.setMemberWithin(trx, team.id, userId, role)
    })
  }

  /**
   * Removes the member from the team; a member of the organization who is not in the team is
   * already where the request wants them.
   */
  async removeMember(team: TeamRecord, userId: string): Promise<void> {
    await members.find(team.organizationId, userId)
    await db.from('team_members').where('team_id', team.id).where('user_id', userId).delete()
  }

  /**
   * Adds `userId` to the team with `role`, or sets the role of an existing membership, inside the
   * caller's transaction. The caller makes sure the user is a member of the team's organization.
   */
  async addMemberWithin(
    trx: TransactionClientContract,
    teamId: string,
    userId: string,
    role: TeamRole
  ) {
    await this.setMemberWithin(trx, teamId, userId, role)
  }

  /**
   * Number of spaces granted to each team, directly or through a collection above them.
   */
  async spaceCounts(teamIds: string[]): Promise<Map<string, number>> {
    const spaces = await app.container.make(MemberSpaces)
    return spaces.countSpacesOfTeams(teamIds)
  }

  /**
   * Takes the team row's write lock for the rest of the transaction (a no-op update, on both
   * engines), so that concurrent changes to one team's members run one after the other: two
   * requests adding the same user find, then insert, one at a time. Run it first in the transaction.
   */
  private async serializeMemberChanges(trx: TransactionClientContract, teamId: string) {
    await trx.rawQuery('UPDATE teams SET title = title WHERE id = ?', [teamId])
  }

  private async setMemberWithin(
    trx: TransactionClientContract,
    teamId: string,
    userId: string,
    role: TeamRole | undefined
  ) {
    const existing = await TeamMember.query({ client: trx })
      .where('team_id', teamId)
      .where('user_id', userId)
      .first()
    if (existing) {
      if (role && existing.role !== role) {
        existing.role = role
        await existing.save()
      }
      return
    }
    await TeamMember.create({ teamId, userId, role: role ?? 'member' }, { client: trx })
  }

  private async resolveOrFail(
    trx: TransactionClientContract,
    organizationId: string,
    field: string,
    identifiers: string[]
  ) {
    const resolved = await members.resolve(trx, organizationId, identifiers)
    if (resolved.unknown.length > 0) {
      throw BadRequestException.invalid({
        field,
        message: `no member of this organization is named ${resolved.unknown
          .map((identifier) => `"${identifier.slice(0, 254)}"`)
          .join(', ')}`,
        rule: 'member',
      })
    }
    return resolved.userIds
  }

  /**
   * Counts and the caller's team role for team rows. Reads outside any transaction (the space
   * counts come from the spaces domain, on the default connection): never call it while a
   * transaction holds SQLite's only connection.
   */
  private async hydrate(callerId: string, rows: Record<string, any>[]) {
    const teamIds = rows.map((row) => row.id as string)
    const memberCounts = new Map<string, number>()
    const callerRoles = new Map<string, TeamRole>()
    if (teamIds.length > 0) {
      const [counts, mine] = await Promise.all([
        db
          .from('team_members')
          .whereIn('team_id', teamIds)
          .groupBy('team_id')
          .select('team_id')
          .count('* as total'),
        db
          .from('team_members')
          .whereIn('team_id', teamIds)
          .where('user_id', callerId)
          .select('team_id', 'role'),
      ])
      for (const row of counts) memberCounts.set(row.team_id, Number(row.total))
      for (const row of mine) callerRoles.set(row.team_id, row.role)
    }
    const spaces = await this.spaceCounts(teamIds)
    return rows.map((row): TeamRecord => ({
      id: row.id,
      organizationId: row.organization_id,
      title: row.title,
      createdAt: fromSqlTimestamp(row.created_at)!,
      members: memberCounts.get(row.id) ?? 0,
      spaces: spaces.get(row.id) ?? 0,
      callerRole: callerRoles.get(row.id) ?? null,
    }))
  }
}

function nowSql() {
  return toSqlTimestamp(DateTime.utc())
}
