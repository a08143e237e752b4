import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import { isoTimestamp } from '#core/database/timestamps'
import { roleAtLeast, type RoleOrGuest } from '#core/roles'
import type { OrganizationAccess } from '#organizations/organization_access'

/**
 * A saml_providers row joined with its default team (null columns when it has none), as
 * SamlProviderService reads it.
 */
export type SamlProviderRow = {
  id: string
  organization_id: string
  label: string
  entity_id: string | null
  certificate: string | null
  sso_url: string | null
  default_role: RoleOrGuest
  created_at: unknown
  team_id: string | null
  team_title: string | null
  team_created_at: unknown
  team_members: number | string | null
}

/**
 * The service-provider side of a provider: the URLs Bindery serves for it and the entity id it
 * presents to the identity provider (the URL of its metadata).
 */
export function serviceProviderUrls(providerId: string) {
  return {
    acsURL: urls.site(`/sso/saml/${providerId}/acs`),
    startURL: urls.site(`/sso/saml/${providerId}/start`),
    entityID: urls.site(`/sso/saml/${providerId}/metadata`),
  }
}

/**
 * Ready to sign users in once the identity provider's three settings are known.
 */
export function isActive(row: { entity_id: string | null; certificate: string | null; sso_url: string | null }) {
  return Boolean(row.entity_id && row.certificate && row.sso_url)
}

/**
 * GitBook's OrganizationSAMLProvider. Settings not configured yet render as empty strings (the
 * provider is then `pending`).
 */
export function serializeSamlProvider(row: SamlProviderRow, access: OrganizationAccess, caller: User) {
  return {
    object: 'saml-provider' as const,
    id: row.id,
    label: row.label,
    ssoURL: row.sso_url ?? '',
    entityID: row.entity_id ?? '',
    certificate: row.certificate ?? '',
    ...(row.team_id ? { defaultTeam: renderTeam(row, access, caller) } : {}),
    defaultRole: row.default_role ?? null,
    createdAt: isoTimestamp(row.created_at)!,
    status: isActive(row) ? ('active' as const) : ('pending' as const),
    service: serviceProviderUrls(row.id),
    urls: { location: urls.api(`/orgs/${row.organization_id}/saml/${row.id}`) },
  }
}

/**
 * GET /orgs/{id}/sso item: what a sign-in page needs.
 */
export function serializeSsoLogin(row: { id: string; label: string }) {
  return { id: row.id, label: row.label, startURL: serviceProviderUrls(row.id).startURL }
}

/**
 * PRIVATE TEAM RENDERER — a stand-in until the merge: the organizations domain is building the Team
 * serializer (`serializeTeam`) in another branch; the lead replaces this function with it. It renders
 * GitBook's OrganizationTeam from the columns joined above. `spaces` is 0: team access to spaces does
 * not exist in this branch.
 */
function renderTeam(row: SamlProviderRow, access: OrganizationAccess, _caller: User) {
  return {
    object: 'team' as const,
    id: row.team_id!,
    title: row.team_title ?? '',
    members: Number(row.team_members ?? 0),
    spaces: 0,
    createdAt: isoTimestamp(row.team_created_at)!,
    permissions: {
      admin: access.isMember && roleAtLeast(access.role, 'admin'),
      view: access.isMember && access.role !== null,
    },
  }
}
