import db from '@adonisjs/lucid/services/db'
import { hotReadPath, hotRows } from '#core/database/hot_reads'
import {
  ACCESS_VERSION_COLUMN,
  ACCESS_VERSION_CONDITION,
  ACCESS_VERSION_JOIN,
  AccessAnswers,
} from '#core/database/access_answers'
import { auditActor, auditLog } from '#core/audit/audit_log'
import app from '@adonisjs/core/services/app'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import Organization, {
  SELF_HOSTED_PLAN,
  type DefaultContent,
} from '#organizations/models/organization'
import type OrganizationMember from '#organizations/models/organization_member'
import OrganizationEmailDomain from '#organizations/models/organization_email_domain'
import type { OrganizationAccess, OrganizationRecord } from '#organizations/organization_access'
import MembershipService from '#organizations/services/membership_service'
import MemberService from '#organizations/services/member_service'
import { OrganizationSites } from '#organizations/contracts/organization_sites'
import {
  BadRequestException,
  ConflictException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { fromSqlTimestamp } from '#core/database/timestamps'
import { parseJson, toBoolean } from '#core/database/columns'
import { isWellFormedId } from '#core/ids'
import { paginate, type ListQuery } from '#core/http/pagination'
import type { RoleOrGuest } from '#core/roles'

export type CreateOrganizationInput = { title: string; emailDomains?: string[] }

export type UpdateOrganizationInput = {
  title?: string
  emailDomains?: string[]
  hostname?: string
  defaultRole?: RoleOrGuest
  defaultContent?: DefaultContent | null
  logo?: string | null
  sso?: boolean
  ai?: boolean
  inviteLinks?: boolean
}

const ORGANIZATION_COLUMNS = [
  'o.id',
  'o.title',
  'o.hostname',
  'o.type',
  'o.use_case',
  'o.community_type',
  'o.default_role',
  'o.default_content',
  'o.sso',
  'o.ai',
  'o.invite_links',
  'o.plan',
  'o.logo_url',
  'o.created_at',
]

/**
 * Number of the organization's teams the member of row `m` owns, read in the same query as the
 * membership (no extra round trip).
 */
const OWNED_TEAMS_SQL = `(SELECT COUNT(*) FROM team_members tm INNER JOIN teams t ON t.id = tm.team_id
  WHERE t.organization_id = m.organization_id AND tm.user_id = m.user_id AND tm.role = 'owner') AS owned_teams`

function ownedTeams() {
  return db.raw(OWNED_TEAMS_SQL)
}

/**
 * An organization with the caller's live membership, the teams they own in it and whether it
 * lists e-mail domains: the read every endpoint under /v1/orgs/{id} opens with, as one fixed
 * statement (#core/database/hot_reads).
 */
const EMAIL_DOMAIN_COUNT_SQL = `(SELECT COUNT(*) FROM organization_email_domains ed
  WHERE ed.organization_id = o.id) AS email_domain_count`

const ACCESS_SQL = `SELECT ${ORGANIZATION_COLUMNS.join(', ')}, m.role AS member_role, ${OWNED_TEAMS_SQL},
  ${EMAIL_DOMAIN_COUNT_SQL}
  FROM organizations o INNER JOIN organization_members m ON m.organization_id = o.id
  WHERE o.id = ? AND m.user_id = ? AND m.disabled = ?`

/**
 * MySQL/MariaDB (#core/database/access_answers): the organization's row with the access version
 * on every read, the caller's membership and owned teams (access tables only) remembered at it.
 */
const VERSIONED_ROW_SQL = `SELECT ${ORGANIZATION_COLUMNS.join(', ')}, ${EMAIL_DOMAIN_COUNT_SQL},
  ${ACCESS_VERSION_COLUMN}
  FROM organizations o ${ACCESS_VERSION_JOIN}
  WHERE o.id = ? AND ${ACCESS_VERSION_CONDITION}`

const VERSIONED_MEMBERSHIP_SQL = `SELECT m.role AS member_role, ${OWNED_TEAMS_SQL},
  ${ACCESS_VERSION_COLUMN}
  FROM organization_members m ${ACCESS_VERSION_JOIN}
  WHERE m.organization_id = ? AND m.user_id = ? AND m.disabled = ? AND ${ACCESS_VERSION_CONDITION}`

type MembershipFacts = { member_role: RoleOrGuest; owned_teams: unknown }

const memberships = new AccessAnswers<MembershipFacts>()

/**
 * The access read's row (ACCESS_SQL's columns), on MySQL's read pool: the organization's row, and
 * the membership remembered at the access version or read (only a live membership is kept).
 */
async function versionedAccessRow(
  organizationId: string,
  userId: string
): Promise<Record<string, any> | undefined> {
  const [row] = await hotRows(db, VERSIONED_ROW_SQL, [organizationId])
  if (!row) return undefined
  const key = `${userId}\u0000${organizationId}`
  let facts = memberships.get(key, row.access_version)
  if (!facts) {
    const [found] = await hotRows(db, VERSIONED_MEMBERSHIP_SQL, [organizationId, userId, false])
    if (!found) return undefined
    facts = { member_role: found.member_role ?? null, owned_teams: found.owned_teams }
    memberships.set(key, found.access_version, facts)
  }
  return { ...row, ...facts }
}

/** The organization's columns with the caller's membership row `m`, when there is one. */
function withMembership() {
  return [
    ...ORGANIZATION_COLUMNS,
    'm.role as member_role',
    'm.id as member_id',
    'm.disabled as member_disabled',
    ownedTeams(),
  ]
}

/**
 * Organizations: reads as the caller sees them, creation, settings. Reads use the query builder with
 * plain rows (no model hydration); writes go through the models inside a transaction.
 */
export default class OrganizationService {
  /**
   * The caller's organizations, oldest first, one keyset page at a time.
   */
  async listForUser(user: User, query: ListQuery) {
    const builder = db
      .from('organizations as o')
      .join('organization_members as m', 'm.organization_id', 'o.id')
      .where('m.user_id', user.id)
      .where('m.disabled', false)
      .select([...ORGANIZATION_COLUMNS, 'm.role as member_role', ownedTeams()])
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'o.created_at', key: 'created_at' },
        { column: 'o.id', key: 'id' },
      ],
    })
    const domains = await this.emailDomainsOf(page.rows.map((row) => row.id))
    const items: OrganizationAccess[] = page.rows.map((row) => ({
      organization: toRecord(row, domains.get(row.id) ?? []),
      isMember: true,
      role: row.member_role,
      ownsTeam: Number(row.owned_teams) > 0,
    }))
    return { items, count: page.count, next: page.next }
  }

  /**
   * The organization as the caller sees it. Unknown ids and organizations the caller does not
   * belong to are the same 404.
   */
  async accessFor(user: User, organizationId: string): Promise<OrganizationAccess> {
    if (isWellFormedId(organizationId)) {
      const [row] =
        hotReadPath(db) === 'versioned'
          ? [await versionedAccessRow(organizationId, user.id)]
          : await hotRows(db, ACCESS_SQL, [organizationId, user.id, false], { remember: true })
      if (row) {
        // Most organizations list no e-mail domain: then the count said so, with no query of its own.
        const domains =
          Number(row.email_domain_count) > 0 ? await this.emailDomainsOf([row.id]) : new Map()
        return {
          organization: toRecord(row, domains.get(row.id) ?? []),
          isMember: true,
          role: row.member_role,
          ownsTeam: Number(row.owned_teams) > 0,
        }
      }
    }
    throw NotFoundException.resource('organization', organizationId)
  }

  /**
   * Organizations as the caller sees them when another domain shows them (the owner of a public
   * integration): members get their membership, anyone else `isMember: false` and no e-mail
   * domains. Unknown ids are left out.
   */
  async viewedBy(user: User, organizationIds: string[]): Promise<Map<string, OrganizationAccess>> {
    const found = new Map<string, OrganizationAccess>()
    const ids = [...new Set(organizationIds)]
    if (ids.length === 0) return found
    const rows = await db
      .from('organizations as o')
      .leftJoin('organization_members as m', (join) => {
        join.on('m.organization_id', '=', 'o.id').andOnVal('m.user_id', '=', user.id)
      })
      .whereIn('o.id', ids)
      .select(withMembership())
    const memberIds = rows
      .filter((row) => row.member_id !== null && !toBoolean(row.member_disabled))
      .map((row) => row.id)
    const domains = await this.emailDomainsOf(memberIds)
    for (const row of rows) {
      const isMember = memberIds.includes(row.id)
      found.set(row.id, {
        organization: toRecord(row, isMember ? (domains.get(row.id) ?? []) : []),
        isMember,
        role: isMember ? row.member_role : null,
        ownsTeam: isMember && Number(row.owned_teams) > 0,
      })
    }
    return found
  }

  /**
   * The id of the organization named by its id or its subdomain (hostname), among those the
   * caller belongs to; null when there is none.
   */
  async memberOrganizationId(user: User, idOrHostname: string): Promise<string | null> {
    const row = await db
      .from('organizations as o')
      .join('organization_members as m', 'm.organization_id', 'o.id')
      .where('m.user_id', user.id)
      .where('m.disabled', false)
      .where((query) =>
        query
          .where('o.hostname', idOrHostname.toLowerCase())
          .if(isWellFormedId(idOrHostname), (q) => q.orWhere('o.id', idOrHostname))
      )
      .select('o.id')
      .first()
    return row?.id ?? null
  }

  /**
   * Creates an organization with the caller as its admin.
   */
  async create(
    user: User,
    input: CreateOrganizationInput & { withDefaultSite?: boolean }
  ): Promise<OrganizationAccess> {
    const organizationId = await db.transaction(async (trx) => {
      const id = await this.createWithin(trx, user.id, input)
      if (input.withDefaultSite) {
        const sites = await app.container.make(OrganizationSites)
        const site = await sites.createDefaultSite(trx, { id, title: input.title }, user.id)
        await trx
          .from('organizations')
          .where('id', id)
          .update({ default_content: JSON.stringify({ type: 'site', site }) })
      }
      return id
    })
    return this.accessFor(user, organizationId)
  }

  /**
   * Creates an organization with `adminUserId` as its admin inside the caller's transaction; returns
   * its id.
   */
  async createWithin(
    trx: TransactionClientContract,
    adminUserId: string,
    input: CreateOrganizationInput
  ): Promise<string> {
    const organization = new Organization()
    organization.useTransaction(trx)
    organization.merge({
      title: input.title,
      type: 'business',
      plan: SELF_HOSTED_PLAN,
      sso: false,
      ai: false,
      inviteLinks: true,
      defaultRole: null,
      defaultContent: null,
    })
    await organization.save()
    await this.replaceEmailDomains(trx, organization.id, input.emailDomains ?? [])
    await this.addMember(trx, organization.id, adminUserId, 'admin')
    return organization.id
  }

  /**
   * Adds a member (or changes the role of an existing one) inside the caller's transaction.
   */
  async addMember(
    trx: TransactionClientContract,
    organizationId: string,
    userId: string,
    role: RoleOrGuest
  ): Promise<OrganizationMember> {
    return new MemberService().addMember(trx, organizationId, userId, { role })
  }

  /**
   * Applies a settings change atomically: either every field changes or none does.
   */
  async update(user: User, access: OrganizationAccess, input: UpdateOrganizationInput) {
    const organizationId = access.organization.id
    await db.transaction(async (trx) => {
      const organization = await Organization.findOrFail(organizationId, { client: trx })
      if (input.hostname !== undefined && input.hostname !== organization.hostname) {
        const taken = await Organization.query({ client: trx })
          .where('hostname', input.hostname)
          .whereNot('id', organizationId)
          .first()
        if (taken) {
          throw new ConflictException(
            `The hostname "${input.hostname}" is already used by another organization`
          )
        }
      }
      if (input.defaultContent) {
        const sites = await app.container.make(OrganizationSites)
        if (!(await sites.siteExists(trx, organizationId, input.defaultContent.site))) {
          throw BadRequestException.invalid({
            field: 'defaultContent.site',
            message: `No site with id "${input.defaultContent.site.slice(0, 64)}" in this organization`,
            rule: 'exists',
          })
        }
      }
      const { emailDomains, logo, ...fields } = input
      const ssoBefore = organization.sso
      organization.merge(definedOnly(fields))
      if (logo !== undefined) organization.logoUrl = logo
      await organization.save()
      if (emailDomains) await this.replaceEmailDomains(trx, organizationId, emailDomains)
      if (input.sso !== undefined && Boolean(input.sso) !== Boolean(ssoBefore)) {
        await auditLog.record(
          {
            organizationId,
            action: 'organization.sso_updated',
            actor: auditActor(user),
            target: { type: 'organization', id: organizationId, label: organization.title },
            payload: { sso: input.sso },
          },
          trx
        )
      }
    })
    return this.accessFor(user, organizationId)
  }

  /**
   * Organizations that list `domain` among their e-mail domains and that the caller belongs to or
   * may join (their own address is at that domain). Anyone else's organizations stay hidden.
   */
  async listByEmailDomain(user: User, domain: string): Promise<OrganizationAccess[]> {
    const normalized = domain.trim().toLowerCase()
    const callerDomain = user.email.split('@').pop()?.toLowerCase()
    const rows = await db
      .from('organizations as o')
      .join('organization_email_domains as d', 'd.organization_id', 'o.id')
      .leftJoin('organization_members as m', (join) => {
        join.on('m.organization_id', '=', 'o.id').andOnVal('m.user_id', '=', user.id)
      })
      .where('d.domain', normalized)
      .if(callerDomain !== normalized, (query) =>
        query.whereNotNull('m.id').where('m.disabled', false)
      )
      .select(withMembership())
      .orderBy('o.created_at', 'asc')
      .orderBy('o.id', 'asc')
      .limit(1000)
    const domains = await this.emailDomainsOf(rows.map((row) => row.id))
    return rows.map((row) => {
      const isMember = row.member_id !== null && !toBoolean(row.member_disabled)
      return {
        organization: toRecord(row, domains.get(row.id) ?? []),
        isMember,
        role: isMember ? row.member_role : null,
        ownsTeam: isMember && Number(row.owned_teams) > 0,
      }
    })
  }

  /**
   * POST /orgs/{id}/ping: the caller was active just now.
   */
  async ping(user: User, access: OrganizationAccess): Promise<void> {
    await new MembershipService().touchLastSeen(access.organization.id, user.id)
  }

  private async replaceEmailDomains(
    trx: TransactionClientContract,
    organizationId: string,
    domains: string[]
  ) {
    await OrganizationEmailDomain.query({ client: trx })
      .where('organization_id', organizationId)
      .delete()
    const unique = [...new Set(domains.map((domain) => domain.toLowerCase()))]
    if (unique.length > 0) {
      await OrganizationEmailDomain.createMany(
        unique.map((domain) => ({ organizationId, domain })),
        { client: trx }
      )
    }
  }

  private async emailDomainsOf(organizationIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>()
    if (organizationIds.length === 0) return map
    const rows = await db
      .from('organization_email_domains')
      .whereIn('organization_id', organizationIds)
      .select('organization_id', 'domain')
      .orderBy('id', 'asc')
    for (const row of rows) {
      const list = map.get(row.organization_id) ?? []
      list.push(row.domain)
      map.set(row.organization_id, list)
    }
    return map
  }
}

function toRecord(row: Record<string, any>, emailDomains: string[]): OrganizationRecord {
  return {
    id: row.id,
    title: row.title,
    hostname: row.hostname ?? null,
    type: row.type,
    useCase: row.use_case ?? null,
    communityType: row.community_type ?? null,
    defaultRole: row.default_role ?? null,
    defaultContent: parseJson<DefaultContent>(row.default_content),
    sso: toBoolean(row.sso),
    ai: toBoolean(row.ai),
    inviteLinks: toBoolean(row.invite_links),
    plan: row.plan,
    logoUrl: row.logo_url ?? null,
    createdAt: fromSqlTimestamp(row.created_at)!,
    emailDomains,
  }
}

function definedOnly<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined)
  ) as Partial<T>
}
