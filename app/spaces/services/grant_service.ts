import db from '@adonisjs/lucid/services/db'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { paginate, type ListQuery } from '#core/http/pagination'
import { isWellFormedId } from '#core/ids'
import type { Role, RoleOrGuest } from '#core/roles'
import { toSqlTimestamp } from '#core/database/timestamps'
import type User from '#accounts/models/user'
import { userFromRow, type UserRecord } from '#accounts/serializers/user_serializer'
import TeamService from '#organizations/services/team_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import { affectedRows } from '#spaces/sql'

/**
 * What grants apply to: a space or a collection (grants on a collection apply to all below it).
 */
export type GrantTarget = {
  kind: 'space' | 'collection'
  id: string
  organizationId: string
  parentId: string | null
  defaultLevel: RoleOrGuest
}

/**
 * Roles given to users and teams on spaces and collections (GitBook's permission operations).
 * A role of null removes the grant.
 */
@inject()
export default class GrantService {
  constructor(
    private access: SpaceAccessService,
    private teams: TeamService
  ) {}

  /**
   * Gives `role` to every listed user and team (upsert), or removes their grants when role is null.
   * Users must be members of the organization and teams belong to it; any unknown id fails the
   * whole request with 404 and changes nothing.
   */
  async invite(
    target: GrantTarget,
    input: { role: RoleOrGuest; users?: string[]; teams?: string[] }
  ) {
    if (!input.users && !input.teams) {
      throw BadRequestException.invalid({
        field: 'users',
        message: 'Give users, teams or both',
        rule: 'anyOf',
      })
    }
    const users = [...new Set(input.users ?? [])]
    const teams = [...new Set(input.teams ?? [])]
    await this.assertMembers(target.organizationId, users)
    await this.assertTeams(target.organizationId, teams)
    await db.transaction(async (trx) => {
      for (const userId of users) await this.set(trx, target, 'user_id', userId, input.role)
      for (const teamId of teams) await this.set(trx, target, 'team_id', teamId, input.role)
    })
  }

  async setUser(target: GrantTarget, userId: string, role: RoleOrGuest) {
    await this.assertMembers(target.organizationId, [userId])
    await db.transaction((trx) => this.set(trx, target, 'user_id', userId, role))
  }

  async setTeam(target: GrantTarget, teamId: string, role: RoleOrGuest) {
    await this.assertTeams(target.organizationId, [teamId])
    await db.transaction((trx) => this.set(trx, target, 'team_id', teamId, role))
  }

  /**
   * Removes a grant; false when there was none.
   */
  async remove(target: GrantTarget, column: 'user_id' | 'team_id', id: string): Promise<boolean> {
    if (!isWellFormedId(id)) return false
    return (
      affectedRows(
        await db
          .from('content_grants')
          .where(this.targetColumn(target), target.id)
          .where(column, id)
          .delete()
      ) > 0
    )
  }

  async listUsers(target: GrantTarget, query: ListQuery) {
    const builder = db
      .from('content_grants as g')
      .join('users as u', 'u.id', 'g.user_id')
      .where(`g.${this.targetColumn(target)}`, target.id)
      .select('g.id as grant_id', 'g.role', 'u.id', 'u.email', 'u.display_name', 'u.photo_url')
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [{ column: 'g.id', key: 'grant_id' }],
    })
    const items: { permission: Role; user: UserRecord }[] = page.rows.map((row) => ({
      permission: row.role,
      user: userFromRow(row as any),
    }))
    return { items, count: page.count, next: page.next }
  }

  /**
   * Teams given a role on the target itself, read as the organizations domain reads teams (counts,
   * the caller's team role).
   */
  async listTeams(caller: User, target: GrantTarget, query: ListQuery) {
    const builder = db
      .from('content_grants as g')
      .where(`g.${this.targetColumn(target)}`, target.id)
      .whereNotNull('g.team_id')
      .select('g.id as grant_id', 'g.role', 'g.team_id')
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [{ column: 'g.id', key: 'grant_id' }],
    })
    const teams = await this.teams.findMany(
      caller,
      target.organizationId,
      page.rows.map((row) => row.team_id as string)
    )
    const items = page.rows.map((row) => ({
      permission: row.role as Role,
      team: teams.get(row.team_id)!,
    }))
    return { items, count: page.count, next: page.next }
  }

  /**
   * Everyone who can access the target, with their effective role (organization role, default
   * levels and grants along the collection chain, team grants included), optionally only those
   * with exactly `role`. Roles are resolved in memory for the organization's members, then the
   * matching users are paged by id.
   */
  async aggregate(target: GrantTarget, query: ListQuery & { role?: Role }) {
    const roles = new Map<string, Role>()
    for (const { userId, resolver } of await this.access.memberResolvers(target.organizationId)) {
      const role =
        target.kind === 'space'
          ? resolver.forSpace({
              id: target.id,
              parentId: target.parentId,
              defaultLevel: target.defaultLevel,
            })
          : resolver.forCollection(target.id)
      if (role && (!query.role || role === query.role)) roles.set(userId, role)
    }
    const ids = [...roles.keys()]
    const builder = db
      .from('users as u')
      .whereIn('u.id', ids.length > 0 ? ids : [''])
      .select('u.id', 'u.email', 'u.display_name', 'u.photo_url')
    const page = await paginate<Record<string, any>>(builder, {
      page: query.page,
      limit: query.limit,
      order: [{ column: 'u.id', key: 'id' }],
    })
    const items = page.rows.map((row) => ({
      permission: roles.get(row.id)!,
      user: userFromRow(row as any),
    }))
    return { items, count: page.count, next: page.next }
  }

  private async set(
    trx: TransactionClientContract,
    target: GrantTarget,
    column: 'user_id' | 'team_id',
    id: string,
    role: RoleOrGuest
  ) {
    const targetColumn = this.targetColumn(target)
    const existing = await trx
      .from('content_grants')
      .where(targetColumn, target.id)
      .where(column, id)
      .select('id')
      .first()
    if (role === null) {
      if (existing) await trx.from('content_grants').where('id', existing.id).delete()
    } else if (existing) {
      await trx.from('content_grants').where('id', existing.id).update({ role })
    } else {
      await trx.table('content_grants').insert({
        organization_id: target.organizationId,
        [targetColumn]: target.id,
        [column]: id,
        role,
        created_at: toSqlTimestamp(DateTime.utc()),
      })
    }
  }

  private targetColumn(target: GrantTarget) {
    return target.kind === 'space' ? 'space_id' : 'collection_id'
  }

  private async assertMembers(organizationId: string, userIds: string[]) {
    if (userIds.length === 0) return
    const wellFormed = userIds.filter(isWellFormedId)
    const rows = wellFormed.length
      ? await db
          .from('organization_members')
          .where('organization_id', organizationId)
          .whereIn('user_id', wellFormed)
          .where('disabled', false)
          .select('user_id')
      : []
    const found = new Set(rows.map((row) => row.user_id))
    const missing = userIds.find((id) => !found.has(id))
    if (missing !== undefined) throw NotFoundException.resource('member', missing)
  }

  private async assertTeams(organizationId: string, teamIds: string[]) {
    if (teamIds.length === 0) return
    const wellFormed = teamIds.filter(isWellFormedId)
    const rows = wellFormed.length
      ? await db
          .from('teams')
          .where('organization_id', organizationId)
          .whereIn('id', wellFormed)
          .select('id')
      : []
    const found = new Set(rows.map((row) => row.id))
    const missing = teamIds.find((id) => !found.has(id))
    if (missing !== undefined) throw NotFoundException.resource('team', missing)
  }
}
