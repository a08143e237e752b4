import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { auditActor, auditLog } from '#core/audit/audit_log'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { isWellFormedId } from '#core/ids'
import { paginate, type ListQuery } from '#core/http/pagination'
import type { RoleOrGuest } from '#core/roles'
import type User from '#accounts/models/user'
import type { OrganizationAccess } from '#organizations/organization_access'
import TeamService from '#organizations/services/team_service'
import SamlProvider from '#sso/models/saml_provider'
import { isActive, type SamlProviderRow } from '#sso/serializers/saml_provider_serializer'
import { certificateToPem } from '#sso/validators/saml_provider_validators'

export type SamlProviderInput = {
  label?: string
  entityID?: string
  certificate?: string
  ssoURL?: string
  defaultTeam?: string | null
  defaultRole?: RoleOrGuest
}

/**
 * A provider as the sign-in flow needs it: configured, with its organization and defaults.
 */
export type ActiveSamlProvider = {
  id: string
  organizationId: string
  label: string
  entityId: string
  certificate: string
  ssoUrl: string
  defaultTeamId: string | null
  defaultRole: RoleOrGuest
}

/**
 * The role of users who join through a provider created without `defaultRole`: they read the
 * organization's content. An explicit null makes them guests.
 */
const DEFAULT_ROLE: RoleOrGuest = 'read'

/**
 * SAML providers of an organization. Every lookup is scoped to the organization, so another
 * organization's ids are unknown here; authorization is the caller's business (policy).
 */
export default class SamlProviderService {
  async list(caller: User, access: OrganizationAccess, query: ListQuery) {
    const page = await paginate<SamlProviderRow>(this.rows(access.organization.id), {
      ...query,
      order: [
        { column: 'p.created_at', key: 'created_at' },
        { column: 'p.id', key: 'id' },
      ],
    })
    return { ...page, rows: await this.withDefaultTeams(caller, access, page.rows) }
  }

  async find(caller: User, access: OrganizationAccess, id: string): Promise<SamlProviderRow> {
    if (isWellFormedId(id)) {
      const row = await this.rows(access.organization.id).where('p.id', id).first()
      if (row) {
        const [provider] = await this.withDefaultTeams(caller, access, [row])
        return provider
      }
    }
    throw NotFoundException.resource('SAML provider', id)
  }

  async create(
    caller: User,
    access: OrganizationAccess,
    input: SamlProviderInput & { label: string }
  ) {
    const organizationId = access.organization.id
    const defaultTeamId = await this.teamOf(organizationId, input.defaultTeam)
    const provider = await SamlProvider.create({
      organizationId,
      label: input.label,
      entityId: input.entityID ?? null,
      certificate: input.certificate === undefined ? null : certificateToPem(input.certificate),
      ssoUrl: input.ssoURL ?? null,
      defaultTeamId: defaultTeamId ?? null,
      defaultRole: input.defaultRole === undefined ? DEFAULT_ROLE : input.defaultRole,
    })
    await this.audit(caller, access, 'sso_provider.created', provider.id, provider.label)
    return this.find(caller, access, provider.id)
  }

  /**
   * PATCH: only the fields given change; `defaultTeam: null` clears the team.
   */
  async update(caller: User, access: OrganizationAccess, id: string, input: SamlProviderInput) {
    await this.find(caller, access, id)
    const defaultTeamId = await this.teamOf(access.organization.id, input.defaultTeam)
    const provider = await SamlProvider.findOrFail(id)
    if (input.label !== undefined) provider.label = input.label
    if (input.entityID !== undefined) provider.entityId = input.entityID
    if (input.certificate !== undefined) provider.certificate = certificateToPem(input.certificate)
    if (input.ssoURL !== undefined) provider.ssoUrl = input.ssoURL
    if (defaultTeamId !== undefined) provider.defaultTeamId = defaultTeamId
    if (input.defaultRole !== undefined) provider.defaultRole = input.defaultRole
    await provider.save()
    await this.audit(caller, access, 'sso_provider.updated', provider.id, provider.label)
    return this.find(caller, access, id)
  }

  /**
   * Removes the provider with its pending sign-in requests and consumed assertion ids (cascade).
   */
  async delete(caller: User, access: OrganizationAccess, id: string): Promise<void> {
    const provider = await this.find(caller, access, id)
    await db.transaction(async (trx) => {
      await trx
        .from('saml_providers')
        .where('organization_id', access.organization.id)
        .where('id', id)
        .delete()
      await this.audit(caller, access, 'sso_provider.deleted', id, provider.label, trx)
    })
  }

  private async audit(
    caller: User,
    access: OrganizationAccess,
    action: 'sso_provider.created' | 'sso_provider.updated' | 'sso_provider.deleted',
    id: string,
    label: string | null,
    client?: TransactionClientContract
  ) {
    await auditLog.record(
      {
        organizationId: access.organization.id,
        action,
        actor: auditActor(caller),
        target: { type: 'saml-provider', id, label },
      },
      client
    )
  }

  /**
   * GET /orgs/{id}/sso: the providers users can sign in with, for any caller. Unknown organizations
   * are 404.
   */
  async logins(organizationId: string): Promise<Array<{ id: string; label: string }>> {
    const organization = isWellFormedId(organizationId)
      ? await db.from('organizations').where('id', organizationId).select('id').first()
      : null
    if (!organization) throw NotFoundException.resource('organization', organizationId)
    const rows = await db
      .from('saml_providers')
      .where('organization_id', organizationId)
      .whereNotNull('entity_id')
      .whereNotNull('certificate')
      .whereNotNull('sso_url')
      .select('id', 'label', 'entity_id', 'certificate', 'sso_url')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1000)
    return rows.filter(isActive).map((row) => ({ id: row.id, label: row.label }))
  }

  /**
   * The providers a signed-out person may sign in with, named by what they know: their e-mail
   * address (its domain) or an e-mail domain, or their organization's hostname or id. Like
   * `logins`, only configured providers, and only their label and organization's title; an
   * identifier that names nothing gives an empty list.
   */
  async loginsFor(
    identifier: string
  ): Promise<Array<{ id: string; label: string; organizationTitle: string }>> {
    const name = identifier.trim().toLowerCase()
    const domain = name.includes('@') ? name.slice(name.lastIndexOf('@') + 1) : name
    if (!name || !domain) return []
    const byDomain = db
      .from('organization_email_domains')
      .where('domain', domain)
      .select('organization_id')
    const id = identifier.trim()
    const rows = await db
      .from('saml_providers as p')
      .join('organizations as o', 'o.id', 'p.organization_id')
      .where((query) =>
        query
          .whereIn('p.organization_id', byDomain)
          .if(!name.includes('@'), (named) => named.orWhere('o.hostname', name))
          .if(!name.includes('@') && isWellFormedId(id), (named) => named.orWhere('o.id', id))
      )
      .whereNotNull('p.entity_id')
      .whereNotNull('p.certificate')
      .whereNotNull('p.sso_url')
      .select('p.id', 'p.label', 'p.entity_id', 'p.certificate', 'p.sso_url', 'o.title')
      .orderBy('o.created_at', 'asc')
      .orderBy('p.created_at', 'asc')
      .orderBy('p.id', 'asc')
      .limit(100)
    return rows
      .filter(isActive)
      .map((row) => ({ id: row.id, label: row.label, organizationTitle: row.title }))
  }

  async exists(id: string): Promise<boolean> {
    return (
      isWellFormedId(id) &&
      Boolean(await db.from('saml_providers').where('id', id).select('id').first())
    )
  }

  /**
   * The provider for the sign-in flow, or null when it is unknown or not configured yet.
   */
  async findActive(id: string): Promise<ActiveSamlProvider | null> {
    if (!isWellFormedId(id)) return null
    const row = await db.from('saml_providers').where('id', id).first()
    if (!row || !isActive(row)) return null
    return {
      id: row.id,
      organizationId: row.organization_id,
      label: row.label,
      entityId: row.entity_id,
      certificate: row.certificate,
      ssoUrl: row.sso_url,
      defaultTeamId: row.default_team_id ?? null,
      defaultRole: row.default_role ?? null,
    }
  }

  /**
   * The id of a team of this organization; another organization's team or an unknown id is a 400
   * (the body names something that cannot be used). undefined stays undefined (field not given).
   */
  private async teamOf(organizationId: string, teamId: string | null | undefined) {
    if (teamId === undefined || teamId === null) return teamId
    const team = isWellFormedId(teamId)
      ? await db
          .from('teams')
          .where('organization_id', organizationId)
          .where('id', teamId)
          .select('id')
          .first()
      : null
    if (!team) {
      throw BadRequestException.invalid({
        field: 'defaultTeam',
        message: `No team with id "${teamId.slice(0, 64)}" exists in this organization`,
        rule: 'exists',
      })
    }
    return team.id as string
  }

  /**
   * Attaches each row's default team as the organizations domain reads teams (counts, caller's role).
   */
  private async withDefaultTeams(
    caller: User,
    access: OrganizationAccess,
    rows: Record<string, any>[]
  ) {
    const teamIds = [...new Set(rows.map((row) => row.default_team_id).filter(Boolean))] as string[]
    const teams = await new TeamService().findMany(caller, access.organization.id, teamIds)
    return rows.map((row): SamlProviderRow => ({
      ...(row as SamlProviderRow),
      defaultTeam: row.default_team_id ? (teams.get(row.default_team_id) ?? null) : null,
    }))
  }

  private rows(organizationId: string) {
    return db
      .from('saml_providers as p')
      .where('p.organization_id', organizationId)
      .select(
        'p.id',
        'p.organization_id',
        'p.label',
        'p.entity_id',
        'p.certificate',
        'p.sso_url',
        'p.default_role',
        'p.default_team_id',
        'p.created_at'
      )
  }
}
