import vine from '@vinejs/vine'
import { maxCharacters } from '#core/http/validation'
import { ROLES } from '#core/roles'

/**
 * An e-mail domain: lowercase DNS labels, at least two.
 */
const emailDomain = vine
  .string()
  .trim()
  .toLowerCase()
  .maxLength(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/)

const title = vine
  .string()
  .trim()
  .minLength(2)
  .use(maxCharacters({ max: 255 }))
const emailDomains = vine.array(emailDomain).maxLength(100).distinct()

/**
 * POST /v1/orgs (GitBook's createOrganization).
 */
export const createOrganizationValidator = vine.compile(
  vine.object({
    title,
    emailDomains: emailDomains.optional(),
  })
)

/**
 * Query of POST /v1/orgs: `withDefaultSite` also creates a site publishing a new space (with the
 * sites domain; without it, a 400).
 */
export const createOrganizationQueryValidator = vine.compile(
  vine.object({
    withDefaultSite: vine.boolean().optional(),
    openapiUrl: vine.string().maxLength(2048).optional(),
  })
)

/**
 * Fields of the PATCH body that `null` clears.
 */
export const NULLABLE_ORGANIZATION_FIELDS = ['defaultRole', 'defaultContent', 'logo'] as const

/**
 * PATCH /v1/orgs/{organizationId}: every field optional, each validated to the platform's limits.
 */
export const updateOrganizationValidator = vine.compile(
  vine.object({
    title: title.clone().optional(),
    emailDomains: emailDomains.clone().optional(),
    hostname: vine
      .string()
      .trim()
      .toLowerCase()
      .minLength(3)
      .maxLength(32)
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/)
      .optional(),
    defaultRole: vine.enum(ROLES).nullable().optional(),
    defaultContent: vine
      .object({
        type: vine.enum(['site'] as const),
        site: vine.string().trim().minLength(1).maxLength(64),
      })
      .nullable()
      .optional(),
    logo: vine
      .string()
      .trim()
      .maxLength(2048)
      .url({ require_tld: false, protocols: ['http', 'https'] })
      .nullable()
      .optional(),
    sso: vine.boolean({ strict: true }).optional(),
    ai: vine.boolean({ strict: true }).optional(),
    inviteLinks: vine.boolean({ strict: true }).optional(),
  })
)

/**
 * GET /v1/email-domains/{emailDomain}/orgs.
 */
export const emailDomainParamValidator = vine.compile(vine.object({ emailDomain }))
