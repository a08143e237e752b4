import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { isWellFormedId } from '#core/ids'
import type { Role, RoleOrGuest } from '#core/roles'
import {
  COLLECTION_COLUMNS,
  SPACE_COLUMNS,
  collectionFromRow,
  spaceFromRow,
  type CollectionAccess,
  type SpaceAccess,
} from '#spaces/records'
import { effectiveRole, RoleResolver, type GrantRow } from '#spaces/effective_role'

/**
 * Who sees what: the caller's effective role on spaces and collections. A record the caller has no
 * role on (another organization's, a guest's unshared one, a deleted space) is the same 404 as an
 * unknown id.
 *
 * The single-record path is two queries (record + membership, then one recursive query for the
 * default levels and grants along the collection chain); lists load the organization's tree once
 * and resolve in memory.
 */
export default class SpaceAccessService {
  /**
   * The space as the caller sees it. `deleted: true` finds only deleted spaces (restore).
   */
  async spaceFor(userId: string, spaceId: string, options: { deleted?: boolean } = {}): Promise<SpaceAccess> {
    if (isWellFormedId(spaceId)) {
      const row = await db
        .from('spaces as s')
        .join('organization_members as m', 'm.organization_id', 's.organization_id')
        .where('s.id', spaceId)
        .where('m.user_id', userId)
        .where('m.disabled', false)
        .if(options.deleted, (q) => q.whereNotNull('s.deleted_at'), (q) => q.whereNull('s.deleted_at'))
        .select([...SPACE_COLUMNS, 'm.role as member_role'])
        .first()
      if (row) {
        const space = spaceFromRow(row)
        const organizationRole: RoleOrGuest = row.member_role ?? null
        const chain = await this.chainRoles(userId, space.parentId, space.id)
        const role = effectiveRole(organizationRole, [space.defaultLevel, ...chain.levels], chain.grants)
        if (role) return { space, role, organizationRole }
      }
    }
    throw NotFoundException.resource('space', spaceId)
  }

  async collectionFor(userId: string, collectionId: string): Promise<CollectionAccess> {
    if (isWellFormedId(collectionId)) {
      const row = await db
        .from('collections as c')
        .join('organization_members as m', 'm.organization_id', 'c.organization_id')
        .where('c.id', collectionId)
        .where('m.user_id', userId)
        .where('m.disabled', false)
        .select([...COLLECTION_COLUMNS, 'm.role as member_role'])
        .first()
      if (row) {
        const collection = collectionFromRow(row)
        const organizationRole: RoleOrGuest = row.member_role ?? null
        const chain = await this.chainRoles(userId, collection.id, null)
        const role = effectiveRole(organizationRole, chain.levels, chain.grants)
        if (role) return { collection, role, organizationRole }
      }
    }
    throw NotFoundException.resource('collection', collectionId)
  }

  /**
   * The caller's membership of an organization: undefined when not an active member.
   */
  async membership(userId: string, organizationId: string): Promise<{ role: RoleOrGuest } | undefined> {
    if (!isWellFormedId(organizationId)) return undefined
    const row = await db
      .from('organization_members')
      .where('organization_id', organizationId)
      .where('user_id', userId)
      .where('disabled', false)
      .select('role')
      .first()
    return row ? { role: row.role ?? null } : undefined
  }

  /**
   * Resolves one member's role on every space and collection of the organization in memory.
   */
  async resolverFor(
    userId: string,
    organizationId: string,
    organizationRole: RoleOrGuest,
    client: QueryClientContract = db.connection()
  ): Promise<RoleResolver> {
    const [collections, grants] = await Promise.all([
      this.treeOf(organizationId, client),
      client
        .from('content_grants as g')
        .where('g.organization_id', organizationId)
        .where((q) =>
          q
            .where('g.user_id', userId)
            .orWhereIn('g.team_id', (sub) => sub.from('team_members').where('user_id', userId).select('team_id'))
        )
        .select('g.space_id', 'g.collection_id', 'g.role'),
    ])
    return new RoleResolver(collections, organizationRole, grants.map(toGrant))
  }

  /**
   * How many spaces of the organization each member can access (the `spaces` count of a Member).
   * Users who are not active members count 0.
   */
  async countSpacesOfMembers(organizationId: string, userIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(userIds.map((id) => [id, 0]))
    if (userIds.length === 0) return counts
    const [members, collections, spaces, grants] = await Promise.all([
      db
        .from('organization_members')
        .where('organization_id', organizationId)
        .whereIn('user_id', userIds)
        .where('disabled', false)
        .select('user_id', 'role'),
      this.treeOf(organizationId),
      db
        .from('spaces')
        .where('organization_id', organizationId)
        .whereNull('deleted_at')
        .select('id', 'parent_id', 'default_level'),
      db
        .from('content_grants as g')
        .leftJoin('team_members as tm', 'tm.team_id', 'g.team_id')
        .where('g.organization_id', organizationId)
        .where((q) => q.whereIn('g.user_id', userIds).orWhereIn('tm.user_id', userIds))
        .select('g.space_id', 'g.collection_id', 'g.role', 'g.user_id', 'tm.user_id as team_user_id'),
    ])
    for (const member of members) {
      const own = grants
        .filter((g) => g.user_id === member.user_id || g.team_user_id === member.user_id)
        .map(toGrant)
      const resolver = new RoleResolver(collections, member.role ?? null, own)
      const count = spaces.filter((s) =>
        resolver.forSpace({ id: s.id, parentId: s.parent_id, defaultLevel: s.default_level ?? null })
      ).length
      counts.set(member.user_id, count)
    }
    return counts
  }

  /**
   * How many spaces each team was given access to, directly or through a collection above them
   * (the `spaces` count of a Team).
   */
  async countSpacesOfTeams(teamIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(teamIds.map((id) => [id, 0]))
    if (teamIds.length === 0) return counts
    const grants = await db
      .from('content_grants')
      .whereIn('team_id', teamIds)
      .select('team_id', 'organization_id', 'space_id', 'collection_id', 'role')
    const organizationIds = [...new Set(grants.map((g) => g.organization_id as string))]
    for (const organizationId of organizationIds) {
      const [collections, spaces] = await Promise.all([
        this.treeOf(organizationId),
        db
          .from('spaces')
          .where('organization_id', organizationId)
          .whereNull('deleted_at')
          .select('id', 'parent_id', 'default_level'),
      ])
      for (const teamId of teamIds) {
        const own = grants.filter((g) => g.team_id === teamId && g.organization_id === organizationId)
        if (own.length === 0) continue
        // As a guest would: only what is granted counts.
        const resolver = new RoleResolver(collections, null, own.map(toGrant))
        const count = spaces.filter((s) =>
          resolver.forSpace({ id: s.id, parentId: s.parent_id, defaultLevel: null })
        ).length
        counts.set(teamId, (counts.get(teamId) ?? 0) + count)
      }
    }
    return counts
  }

  async treeOf(organizationId: string, client: QueryClientContract = db.connection()) {
    const rows = await client
      .from('collections')
      .where('organization_id', organizationId)
      .select('id', 'parent_id', 'default_level')
    return rows.map((row) => ({ id: row.id, parentId: row.parent_id ?? null, defaultLevel: row.default_level ?? null }))
  }

  /**
   * Default levels of the collection `collectionId` and every collection above it, and the roles
   * granted to the user (directly or through a team) on those collections and on `spaceId`: one
   * recursive query, the same SQL on SQLite and MySQL 8 / MariaDB.
   */
  private async chainRoles(
    userId: string,
    collectionId: string | null,
    spaceId: string | null
  ): Promise<{ levels: RoleOrGuest[]; grants: Role[] }> {
    const teams = 'SELECT tm.team_id FROM team_members tm WHERE tm.user_id = ?'
    const sql = `
      WITH RECURSIVE chain (id, parent_id, default_level, depth) AS (
        SELECT c.id, c.parent_id, c.default_level, 0 FROM collections c WHERE c.id = ?
        UNION ALL
        SELECT c.id, c.parent_id, c.default_level, chain.depth + 1
          FROM collections c INNER JOIN chain ON c.id = chain.parent_id
          WHERE chain.depth < 1000
      )
      SELECT 'level' AS kind, chain.default_level AS role FROM chain WHERE chain.default_level IS NOT NULL
      UNION ALL
      SELECT 'grant' AS kind, g.role AS role FROM content_grants g INNER JOIN chain ON g.collection_id = chain.id
        WHERE g.user_id = ? OR g.team_id IN (${teams})
      UNION ALL
      SELECT 'grant' AS kind, g.role AS role FROM content_grants g
        WHERE g.space_id = ? AND (g.user_id = ? OR g.team_id IN (${teams}))`
    const result = await db.rawQuery(sql, [collectionId ?? '', userId, userId, spaceId ?? '', userId, userId])
    const rows: { kind: string; role: Role }[] = rowsOf(result)
    return {
      levels: rows.filter((row) => row.kind === 'level').map((row) => row.role),
      grants: rows.filter((row) => row.kind === 'grant').map((row) => row.role),
    }
  }
}

/**
 * Raw query results: mysql2 answers [rows, fields], better-sqlite3 the rows.
 */
function rowsOf(result: any): any[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result
}

function toGrant(row: Record<string, any>): GrantRow {
  return { spaceId: row.space_id ?? null, collectionId: row.collection_id ?? null, role: row.role }
}
