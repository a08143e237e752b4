import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import { isoTimestamp } from '#core/database/timestamps'
import type { RoleOrGuest } from '#core/roles'
import type { OrganizationAccess } from '#organizations/organization_access'
import type { TeamRecord } from '#organizations/services/team_service'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * A saml_providers row with its default team (null when it has none), as SamlProviderService reads
 * it.
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
  default_team_id: string | null
  defaultTeam: TeamRecord | null
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
export function isActive(row: {
  entity_id: string | null
  certificate: string | null
  sso_url: string | null
}) {
  return Boolean(row.entity_id && row.certificate && row.sso_url)
}

/**
 * GitBook's OrganizationSAMLProvider. Settings not configured yet render as empty strings (the
 * provider is then `pending`).
 */
export function serializeSamlProvider(
  row: SamlProviderRow,
  access: OrganizationAccess,
  caller: User
) {
  return {
    object: 'saml-provider' as const,
    id: row.id,
    label: row.label,
    ssoURL: row.sso_url ?? '',
    entityID: row.entity_id ?? '',
    certificate: row.certificate ?? '',
    ...(row.defaultTeam ? { defaultTeam: serializeTeam(row.defaultTeam, access, caller) } : {}),
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
