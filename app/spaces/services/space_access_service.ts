import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { isWellFormedId } from '#core/ids'
import { ROLES, roleRank, type RoleOrGuest } from '#core/roles'
import {
  COLLECTION_COLUMNS,
  SPACE_COLUMNS,
  collectionFromRow,
  spaceFromRow,
  type CollectionAccess,
  type SpaceAccess,
} from '#spaces/records'
import { effectiveRole, RoleResolver, type GrantRow } from '#spaces/effective_role'
import { hotReadPath, hotRows } from '#core/database/hot_reads'
import {
  ACCESS_VERSION_COLUMN,
  ACCESS_VERSION_CONDITION,
  ACCESS_VERSION_JOIN,
  AccessAnswers,
} from '#core/database/access_answers'

/** The access facts of a record's lookup, as MySQL remembers them (#core/database/access_answers). */
type AccessFacts = { memberRole: RoleOrGuest; levelRank: unknown; grantRank: unknown }

const accessAnswers = new AccessAnswers<AccessFacts>()

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
  async spaceFor(
    userId: string,
    spaceId: string,
    options: { deleted?: boolean } = {}
  ): Promise<SpaceAccess> {
    const { access } = await this.spaceRowFor(userId, spaceId, options.deleted ?? false, NO_COLUMNS)
    return access
  }

  /**
   * The space as the caller sees it, with `columns` (SQL `expression AS alias` over `s.id`) read in
   * the same query: a single-space read gets the space's counters and published flag without a
   * round trip of their own. The row holds each alias.
   */
  async spaceRowFor(
    userId: string,
    spaceId: string,
    deleted: boolean,
    columns: string[]
  ): Promise<{ access: SpaceAccess; row: Record<string, any> }> {
    if (isWellFormedId(spaceId)) {
      const found = await this.lookup('space', userId, spaceId, deleted, columns)
      if (found) {
        const space = spaceFromRow(found.row)
        const organizationRole = found.memberRole
        const role = effectiveRole(
          organizationRole,
          [space.defaultLevel, ...found.levels],
          found.grants
        )
        if (role) return { access: { space, role, organizationRole }, row: found.row }
      }
    }
    throw NotFoundException.resource('space', spaceId)
  }

  /**
   * The live spaces among `spaceIds` of the organization, as a member with `organizationRole` sees
   * them (those they have no role on left out): one read of the spaces, one of the tree and grants.
   */
  async spacesOf(
    userId: string,
    organizationId: string,
    organizationRole: RoleOrGuest,
    spaceIds: string[]
  ): Promise<Map<string, SpaceAccess>> {
    const found = new Map<string, SpaceAccess>()
    const ids = [...new Set(spaceIds)]
    if (ids.length === 0) return found
    const [rows, resolver] = await Promise.all([
      db
        .from('spaces as s')
        .where('s.organization_id', organizationId)
        .whereIn('s.id', ids)
        .whereNull('s.deleted_at')
        .select(SPACE_COLUMNS),
      this.resolverFor(userId, organizationId, organizationRole),
    ])
    for (const row of rows) {
      const space = spaceFromRow(row)
      const role = resolver.forSpace(space)
      if (role) found.set(space.id, { space, role, organizationRole })
    }
    return found
  }

  async collectionFor(userId: string, collectionId: string): Promise<CollectionAccess> {
    if (isWellFormedId(collectionId)) {
      const found = await this.lookup('collection', userId, collectionId, false)
      if (found) {
        const collection = collectionFromRow(found.row)
        const organizationRole = found.memberRole
        const role = effectiveRole(organizationRole, found.levels, found.grants)
        if (role) return { collection, role, organizationRole }
      }
    }
    throw NotFoundException.resource('collection', collectionId)
  }

  /**
   * The caller's membership of an organization: undefined when not an active member.
   */
  async membership(
    userId: string,
    organizationId: string
  ): Promise<{ role: RoleOrGuest } | undefined> {
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
            .orWhereIn('g.team_id', (sub) =>
              sub.from('team_members').where('user_id', userId).select('team_id')
            )
        )
        .select('g.space_id', 'g.collection_id', 'g.role'),
    ])
    return new RoleResolver(collections, organizationRole, grants.map(toGrant))
  }

  /**
   * A role resolver for each active member of the organization (only those in `userIds` when
   * given), with the grants made to them directly or through their teams. Lists that need every
   * member's role (counts, permission aggregates) load the tree and the grants once for all.
   */
  async memberResolvers(
    organizationId: string,
    userIds?: string[]
  ): Promise<Array<{ userId: string; resolver: RoleResolver }>> {
    const [members, collections, grants] = await Promise.all([
      db
        .from('organization_members')
        .where('organization_id', organizationId)
        .where('disabled', false)
        .if(userIds, (q) => q.whereIn('user_id', userIds!))
        .select('user_id', 'role'),
      this.treeOf(organizationId),
      db
        .from('content_grants as g')
        .leftJoin('team_members as tm', 'tm.team_id', 'g.team_id')
        .where('g.organization_id', organizationId)
        .if(userIds, (q) =>
          q.where((w) => w.whereIn('g.user_id', userIds!).orWhereIn('tm.user_id', userIds!))
        )
        .select(
          'g.space_id',
          'g.collection_id',
          'g.role',
          'g.user_id',
          'tm.user_id as team_user_id'
        ),
    ])
    const grantsOf = new Map<string, GrantRow[]>()
    for (const grant of grants) {
      for (const holder of new Set([grant.user_id, grant.team_user_id])) {
        if (!holder) continue
        const own = grantsOf.get(holder) ?? []
        own.push(toGrant(grant))
        grantsOf.set(holder, own)
      }
    }
    return members.map((member) => ({
      userId: member.user_id as string,
      resolver: new RoleResolver(
        collections,
        member.role ?? null,
        grantsOf.get(member.user_id) ?? []
      ),
    }))
  }

  /**
   * How many spaces of the organization each member can access (the `spaces` count of a Member).
   * Users who are not active members count 0.
   */
  async countSpacesOfMembers(
    organizationId: string,
    userIds: string[]
  ): Promise<Map<string, number>> {
    const counts = new Map<string, number>(userIds.map((id) => [id, 0]))
    if (userIds.length === 0) return counts
    const [resolvers, spaces] = await Promise.all([
      this.memberResolvers(organizationId, userIds),
      this.liveSpacesOf(organizationId),
    ])
    for (const { userId, resolver } of resolvers) {
      counts.set(userId, spaces.filter((space) => resolver.forSpace(space)).length)
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
        this.liveSpacesOf(organizationId),
      ])
      for (const teamId of teamIds) {
        const own = grants.filter(
          (g) => g.team_id === teamId && g.organization_id === organizationId
        )
        if (own.length === 0) continue
        // As a guest would: only what is granted counts.
        const resolver = new RoleResolver(collections, null, own.map(toGrant))
        const count = spaces.filter((space) =>
          resolver.forSpace({ ...space, defaultLevel: null })
        ).length
        counts.set(teamId, (counts.get(teamId) ?? 0) + count)
      }
    }
    return counts
  }

  /**
   * The organization's spaces that are not deleted, as role resolution needs them.
   */
  private async liveSpacesOf(organizationId: string) {
    const rows = await db
      .from('spaces')
      .where('organization_id', organizationId)
      .whereNull('deleted_at')
      .select('id', 'parent_id', 'default_level')
    return rows.map((row) => ({
      id: row.id as string,
      parentId: row.parent_id ?? null,
      defaultLevel: row.default_level ?? null,
    }))
  }

  async treeOf(organizationId: string, client: QueryClientContract = db.connection()) {
    const rows = await client
      .from('collections')
      .where('organization_id', organizationId)
      .select('id', 'parent_id', 'default_level')
    return rows.map((row) => ({
      id: row.id,
      parentId: row.parent_id ?? null,
      defaultLevel: row.default_level ?? null,
    }))
  }

  /**
   * One round trip for a single-record read: the space (or collection) joined to the caller's
   * active membership of its organization, with the default levels of every collection above it
   * (for a collection: itself and above) and the roles granted to the caller, directly or through a
   * team, on those collections and on the space. A recursive CTE walks the chain; since roles only
   * add up to the highest one, two scalar subqueries keep the highest default level and the highest
   * grant (MAX over the role's rank). The same SQL on SQLite and MySQL 8 / MariaDB 10.2+.
   */
  private async lookup(
    kind: 'space' | 'collection',
    userId: string,
    id: string,
    deleted: boolean,
    extraColumns: string[] = NO_COLUMNS
  ) {
    const bindings = [id, kind === 'space' ? id : '', userId, userId, id, userId, false]
    if (hotReadPath(db) === 'versioned') {
      return this.versionedLookup(kind, userId, id, deleted, extraColumns, bindings)
    }
    const sql = lookupSql(kind, deleted, extraColumns)
    const [row] = await hotRows(db, sql, bindings, { remember: true })
    if (!row) return undefined
    return {
      row,
      memberRole: (row.member_role ?? null) as RoleOrGuest,
      levels: [roleOfRank(row.level_rank)],
      grants: [roleOfRank(row.grant_rank)],
    }
  }

  /**
   * MySQL/MariaDB: the record's row with the access version, then the access facts remembered at
   * that version, or the whole lookup when there are none (#core/database/access_answers). The
   * facts are keyed by what they were computed from outside the access tables (the record's
   * organization and parent, as the lookup read them). Only answers that grant something are
   * remembered: a lookup finding nothing may have found no record (deleted, whose row is not an
   * access table), not no access.
   */
  private async versionedLookup(
    kind: 'space' | 'collection',
    userId: string,
    id: string,
    deleted: boolean,
    extraColumns: string[],
    bindings: unknown[]
  ) {
    const [row] = await hotRows(db, recordSql(kind, deleted, extraColumns), [id])
    if (!row) return undefined
    const keyOf = (record: Record<string, any>) =>
      `${kind}\u0000${userId}\u0000${id}\u0000${record.organization_id}\u0000${record.parent_id ?? ''}`
    let facts = accessAnswers.get(keyOf(row), row.access_version)
    if (!facts) {
      const [found] = await hotRows(db, lookupSql(kind, deleted, VERSIONED), bindings)
      if (!found) return undefined
      facts = {
        memberRole: (found.member_role ?? null) as RoleOrGuest,
        levelRank: found.level_rank,
        grantRank: found.grant_rank,
      }
      accessAnswers.set(keyOf(found), found.access_version, facts)
    }
    return {
      row,
      memberRole: facts.memberRole,
      levels: [roleOfRank(facts.levelRank)],
      grants: [roleOfRank(facts.grantRank)],
    }
  }
}

type Kind = 'space' | 'collection'
type BuildSql = (kind: Kind, deleted: boolean, extraColumns: string[]) => string

/**
 * A statement's SQL, built once per shape (the same string object every time: hashing a new 2 KB
 * string on each read's statement lookup is measurable).
 */
function sqlOfShape(build: BuildSql): BuildSql {
  const byColumns = new WeakMap<string[], Map<string, string>>()
  return (kind, deleted, extraColumns) => {
    let shapes = byColumns.get(extraColumns)
    if (!shapes) {
      shapes = new Map()
      byColumns.set(extraColumns, shapes)
    }
    const key = deleted ? `${kind}/deleted` : kind
    let sql = shapes.get(key)
    if (sql === undefined) {
      sql = build(kind, deleted, extraColumns)
      shapes.set(key, sql)
    }
    return sql
  }
}

/** No extra columns (one array, so that its lookups share their SQL). */
const NO_COLUMNS: string[] = []

/** The lookup with the access version (MySQL), and no extra columns. */
const VERSIONED: string[] = [ACCESS_VERSION_COLUMN]

/** A record's own row with the access version beside it (MySQL). */
const recordSql = sqlOfShape((kind, deleted, extraColumns) => {
  const [table, alias, columns] =
    kind === 'space' ? ['spaces', 's', SPACE_COLUMNS] : ['collections', 'c', COLLECTION_COLUMNS]
  return `SELECT ${[...columns, ...extraColumns, ACCESS_VERSION_COLUMN].join(', ')}
    FROM ${table} ${alias} ${ACCESS_VERSION_JOIN}
    WHERE ${alias}.id = ? AND ${ACCESS_VERSION_CONDITION}
      ${kind === 'space' ? `AND s.deleted_at IS ${deleted ? 'NOT NULL' : 'NULL'}` : ''}`
})

const lookupSql = sqlOfShape(buildLookupSql)

function buildLookupSql(kind: Kind, deleted: boolean, extraColumns: string[]) {
  const [table, alias, columns, start] =
    kind === 'space'
      ? ['spaces', 's', SPACE_COLUMNS, 'SELECT p.parent_id FROM spaces p WHERE p.id = ?']
      : ['collections', 'c', COLLECTION_COLUMNS, '?']
  return `
    WITH RECURSIVE chain (id, parent_id, default_level, depth) AS (
      SELECT c0.id, c0.parent_id, c0.default_level, 0 FROM collections c0 WHERE c0.id = (${start})
      UNION ALL
      SELECT c1.id, c1.parent_id, c1.default_level, chain.depth + 1
        FROM collections c1 INNER JOIN chain ON c1.id = chain.parent_id
        WHERE chain.depth < 1000
    )
    SELECT ${[...columns, ...extraColumns].join(', ')}, m.role AS member_role,
      (SELECT MAX(${RANK_SQL('chain.default_level')}) FROM chain) AS level_rank,
      (SELECT MAX(${RANK_SQL('g.role')}) FROM content_grants g
        WHERE (g.collection_id IN (SELECT chain.id FROM chain) OR g.space_id = ?)
          AND (g.user_id = ? OR g.team_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.user_id = ?))
      ) AS grant_rank
    FROM ${table} ${alias}
    INNER JOIN organization_members m ON m.organization_id = ${alias}.organization_id
    ${extraColumns === VERSIONED ? ACCESS_VERSION_JOIN : ''}
    WHERE ${alias}.id = ? AND m.user_id = ? AND m.disabled = ?
      ${extraColumns === VERSIONED ? `AND ${ACCESS_VERSION_CONDITION}` : ''}
      ${kind === 'space' ? `AND s.deleted_at IS ${deleted ? 'NOT NULL' : 'NULL'}` : ''}`
}

/**
 * SQL ranking a role column as roleRank does (0 for null): roles are fixed names, not input.
 */
function RANK_SQL(column: string) {
  return `CASE ${column} ${ROLES.map((role) => `WHEN '${role}' THEN ${roleRank(role)}`).join(' ')} ELSE 0 END`
}

function roleOfRank(rank: unknown): RoleOrGuest {
  return ROLES.find((role) => roleRank(role) === Number(rank)) ?? null
}

function toGrant(row: Record<string, any>): GrantRow {
  return { spaceId: row.space_id ?? null, collectionId: row.collection_id ?? null, role: row.role }
}
