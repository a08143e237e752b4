import { X509Certificate } from 'node:crypto'
import vine from '@vinejs/vine'
import { maxCharacters } from '#core/http/validation'
import type { FieldContext } from '@vinejs/vine/types'
import { ROLES } from '#core/roles'

/**
 * The certificate as PEM. Identity providers often hand out the bare base64 body; it is wrapped in
 * PEM armour so both forms are accepted.
 */
export function certificateToPem(value: string): string {
  const trimmed = value.trim()
  if (trimmed.includes('-----BEGIN')) return trimmed
  const body = trimmed.replace(/\s+/g, '')
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`
}

/**
 * A certificate node's crypto parses as X.509 (the identity provider's signing certificate).
 */
const x509Rule = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  try {
    new X509Certificate(certificateToPem(value))
  } catch {
    field.report(
      'The {{ field }} field must be an X.509 certificate in PEM format',
      'x509Certificate',
      field
    )
  }
})

const label = vine
  .string()
  .trim()
  .minLength(1)
  .use(maxCharacters({ max: 30 }))
const entityID = vine.string().trim().minLength(1).maxLength(1024)
const certificate = vine.string().trim().minLength(1).maxLength(10000).use(x509Rule())
const ssoURL = vine
  .string()
  .trim()
  .maxLength(2048)
  .url({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
const defaultTeam = vine.string().trim().minLength(1).maxLength(64)
const defaultRole = vine.enum(ROLES).nullable()

/**
 * POST /v1/orgs/{organizationId}/saml: only the label is required; the identity provider's settings
 * may follow with PATCH.
 */
export const createSamlProviderValidator = vine.compile(
  vine.object({
    label,
    entityID: entityID.clone().optional(),
    certificate: certificate.clone().optional(),
    ssoURL: ssoURL.clone().optional(),
    defaultTeam: defaultTeam.clone().nullable().optional(),
    defaultRole: defaultRole.clone().optional(),
  })
)

/**
 * Fields of the PATCH body that `null` clears.
 */
export const NULLABLE_SAML_PROVIDER_FIELDS = ['defaultTeam', 'defaultRole'] as const

/**
 * PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}: the same fields, all optional.
 */
export const updateSamlProviderValidator = vine.compile(
  vine.object({
    label: label.clone().optional(),
    entityID: entityID.clone().optional(),
    certificate: certificate.clone().optional(),
    ssoURL: ssoURL.clone().optional(),
    defaultTeam: defaultTeam.clone().nullable().optional(),
    defaultRole: defaultRole.clone().optional(),
  })
)
