import vine from '@vinejs/vine'
import { Ajv, type ValidateFunction } from 'ajv'
import type { FieldContext } from '@vinejs/vine/types'
import { listQuery } from '#core/http/pagination'
import { maxCharacters } from '#core/http/validation'
import {
  INTEGRATION_CATEGORIES,
  INTEGRATION_RUNTIMES,
  INTEGRATION_SCOPES,
  INTEGRATION_TARGETS,
  INTEGRATION_VISIBILITIES,
  SELECTIONS,
} from '#integrations/records'

/** Integration names, as GitBook's `integrationName` parameter: letters, digits, `-`, `_`, `.`. */
export const INTEGRATION_NAME = /^[a-zA-Z0-9-_.]+$/
export const MAX_NAME_LENGTH = 100

/** The script of one version: at most 5 MB (5,000,000 characters). */
export const MAX_SCRIPT_LENGTH = 5_000_000
/** Base64 text of the icon (at most 256 KiB decoded) and of each preview image (512 KiB). */
export const MAX_ICON_BYTES = 256 * 1024
export const MAX_PREVIEW_BYTES = 512 * 1024
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4 + 64

const text = (min: number, max: number) => vine.string().minLength(min).use(maxCharacters({ max }))
const url = () => vine.string().maxLength(2048).url({ require_protocol: true })

const ajv = new Ajv({ allErrors: false, strict: false })

/** GitBook's IntegrationConfigurationSchema (or a component), bounded. */
const CONFIGURATION_SCHEMA = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['properties'],
      properties: {
        properties: {
          type: 'object',
          maxProperties: 50,
          propertyNames: { maxLength: 100 },
          additionalProperties: {
            type: 'object',
            required: ['type'],
            properties: {
              type: { enum: ['string', 'number', 'boolean', 'button'] },
              title: { type: 'string', maxLength: 30 },
              description: { type: 'string', maxLength: 100 },
              default: { type: ['string', 'number', 'boolean'] },
              enum: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 256 } },
              completion_url: { type: 'string', maxLength: 2048 },
              callback_url: { type: 'string', maxLength: 2048 },
              button_text: { type: 'string', maxLength: 100 },
            },
          },
        },
        required: {
          type: 'array',
          uniqueItems: true,
          maxItems: 50,
          items: { type: 'string', maxLength: 100 },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['componentId'],
      properties: { componentId: { type: 'string', minLength: 1, maxLength: 100 } },
    },
  ],
}

const validConfigurations = ajv.compile({
  type: 'object',
  additionalProperties: false,
  properties: {
    account: CONFIGURATION_SCHEMA,
    space: CONFIGURATION_SCHEMA,
    site: CONFIGURATION_SCHEMA,
  },
})

/** A policy as one string, or GitBook's map of directive to value. */
const validContentSecurityPolicy = ajv.compile({
  oneOf: [
    { type: 'string', maxLength: 8192 },
    {
      type: 'object',
      maxProperties: 40,
      propertyNames: { pattern: '^[a-z-]{1,40}$' },
      additionalProperties: { type: 'string', maxLength: 4096 },
    },
  ],
})

/**
 * A value checked with an ajv validator: the first error named in the 400.
 */
const matchesSchema = vine.createRule(
  (value: unknown, options: { validate: ValidateFunction }, field: FieldContext) => {
    if (options.validate(value)) return
    const error = options.validate.errors?.[0]
    const where = error?.instancePath ? ` at ${error.instancePath}` : ''
    field.report(
      `The {{ field }} field is invalid${where}: ${error?.message ?? 'unexpected shape'}`,
      'schema',
      field
    )
  }
)

const block = vine.object({
  id: vine.string().minLength(1).maxLength(100),
  title: text(2, 40),
  description: text(0, 150).optional(),
  icon: vine.string().maxLength(2048).optional(),
  urlUnfurl: vine.array(vine.string().maxLength(2048)).maxLength(20).optional(),
  markdown: vine
    .object({
      codeblock: vine.string().maxLength(100),
      body: vine.string().maxLength(10_000),
    })
    .optional(),
})

const contentSource = vine.object({
  id: vine.string().minLength(1).maxLength(100),
  title: text(2, 40),
  description: text(0, 150).optional(),
  icon: vine.string().maxLength(2048).optional(),
  configuration: vine.object({ componentId: vine.string().minLength(1).maxLength(100) }),
})

/**
 * POST /v1/integrations/{integrationName}: publish (or publish again) an integration.
 */
export const publishIntegrationValidator = vine.compile(
  vine.object({
    runtime: vine.enum(INTEGRATION_RUNTIMES).optional(),
    icon: vine.string().maxLength(base64Length(MAX_ICON_BYTES)).optional(),
    title: text(2, 30),
    description: text(0, 100),
    summary: text(0, 2048).optional(),
    previewImages: vine
      .array(vine.string().maxLength(base64Length(MAX_PREVIEW_BYTES)))
      .maxLength(3)
      .optional(),
    visibility: vine.enum(INTEGRATION_VISIBILITIES).optional(),
    target: vine.enum(INTEGRATION_TARGETS).optional(),
    scopes: vine.array(vine.enum(INTEGRATION_SCOPES)).maxLength(50).optional(),
    categories: vine.array(vine.enum(INTEGRATION_CATEGORIES)).maxLength(10).optional(),
    blocks: vine.array(block).maxLength(50).optional(),
    contentSources: vine.array(contentSource).maxLength(50).optional(),
    externalLinks: vine
      .array(vine.object({ url: url(), label: text(1, 100) }))
      .maxLength(5)
      .optional(),
    configurations: vine
      .any()
      .use(matchesSchema({ validate: validConfigurations }))
      .optional(),
    script: vine.string().minLength(1).maxLength(MAX_SCRIPT_LENGTH),
    organization: vine.string().minLength(1).maxLength(100),
    secrets: vine.record(vine.string().maxLength(10_000)).maxLength(20).optional(),
    contentSecurityPolicy: vine
      .any()
      .use(matchesSchema({ validate: validContentSecurityPolicy }))
      .optional(),
  })
)

/** Query parameters shared by the lists of integrations. */
const integrationFilters = {
  search: vine.string().trim().maxLength(100).optional(),
  category: vine.enum(INTEGRATION_CATEGORIES).optional(),
  blockDomain: vine.string().maxLength(100).regex(INTEGRATION_NAME).optional(),
  blocks: vine.boolean().optional(),
  contentSources: vine.boolean().optional(),
  owner: vine.string().maxLength(100).optional(),
  scope: vine.enum(INTEGRATION_SCOPES).optional(),
  target: vine.enum(INTEGRATION_TARGETS).optional(),
}

export const listIntegrationsQueryValidator = vine.compile(
  vine.object({ ...listQuery, ...integrationFilters })
)

/** Lists of the integrations installed on a space or a site: `search` only, GitBook says. */
export const listInstalledQueryValidator = vine.compile(
  vine.object({ ...listQuery, search: integrationFilters.search })
)

export const listInstallationsQueryValidator = vine.compile(
  vine.object({
    ...listQuery,
    externalId: vine.string().maxLength(256).optional(),
    extended: vine.boolean().optional(),
  })
)

export const extendedQueryValidator = vine.compile(
  vine.object({ extended: vine.boolean().optional() })
)

export const installIntegrationValidator = vine.compile(
  vine.object({ organization: vine.string().minLength(1).maxLength(100) })
)

export const installOnSpaceValidator = vine.compile(
  vine.object({ space: vine.string().minLength(1).maxLength(64) })
)

export const installOnSiteValidator = vine.compile(
  vine.object({ siteId: vine.string().minLength(1).maxLength(64) })
)

/** GitBook's IntegrationInstallationExternalIds: at most 5. */
const externalIds = () => vine.array(vine.string().minLength(1).maxLength(256)).maxLength(5)
/** A configuration object (checked against the integration's schema by the service). */
const configuration = () => vine.record(vine.any()).maxLength(50)

export const updateInstallationValidator = vine.compile(
  vine.object({
    externalIds: externalIds().optional(),
    configuration: configuration().optional(),
    space_selection: vine.enum(SELECTIONS).optional(),
    site_selection: vine.enum(SELECTIONS).optional(),
  })
)

export const updateContentInstallationValidator = vine.compile(
  vine.object({
    externalIds: externalIds().optional(),
    configuration: configuration().optional(),
  })
)
