import { X509Certificate } from 'node:crypto'
import { isoTimestamp } from '#core/database/timestamps'
import type { SamlProviderRow } from '#sso/serializers/saml_provider_serializer'
import { isActive, serviceProviderUrls } from '#sso/serializers/saml_provider_serializer'

/**
 * A SAML provider as a row of the console's list.
 */
export function samlProviderSummary(row: SamlProviderRow) {
  return {
    id: row.id,
    label: row.label,
    status: isActive(row) ? ('active' as const) : ('pending' as const),
    ssoURL: row.sso_url ?? '',
    defaultRole: row.default_role ?? null,
    defaultTeam: row.defaultTeam?.title ?? null,
    createdAt: isoTimestamp(row.created_at)!,
  }
}

/**
 * A SAML provider's page: the identity provider's settings as Bindery holds them, and the service
 * provider's (Bindery's) URLs and metadata, which the admin copies into the identity provider.
 * The metadata's URL is also the service provider's entity id.
 */
export function samlProviderDetail(row: SamlProviderRow, metadata: string) {
  const sp = serviceProviderUrls(row.id)
  return {
    ...samlProviderSummary(row),
    entityID: row.entity_id ?? '',
    certificate: row.certificate ?? '',
    certificateInfo: row.certificate ? certificateInfo(row.certificate) : null,
    service: {
      acsURL: sp.acsURL,
      entityID: sp.entityID,
      startURL: sp.startURL,
      metadataURL: sp.entityID,
      metadata,
    },
  }
}

/**
 * Who issued the certificate to whom, and until when it is valid (so an admin sees an expired or
 * wrong certificate at a glance).
 */
function certificateInfo(pem: string) {
  try {
    const certificate = new X509Certificate(pem)
    return {
      subject: certificate.subject.replace(/\n/g, ', '),
      validTo: new Date(certificate.validTo).toISOString(),
      expired: new Date(certificate.validTo).getTime() < Date.now(),
    }
  } catch {
    return null
  }
}
