import { createRequire } from 'node:module'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { PLATFORM_OPERATIONS } from '#tests/helpers/platform_schemas'

/**
 * Validates Bindery's responses against GitBook's public OpenAPI 3.1 document (npm `@gitbook/api`):
 * the operation is found from the request's method and path, the schema from the response status.
 * 4xx/5xx answers that the document does not list are held to its `Error` schema.
 */
const require = createRequire(import.meta.url)
const spec = require('@gitbook/api/spec/openapi.json')

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
// GitBook's own format for emoji code points: any string passes, as in GitBook's client.
ajv.addFormat('emoji', true)
// GitBook's icon names ("gear"): any string passes too.
ajv.addFormat('icon', true)
/*
 * GitBook's `Document` (mixed into RevisionPageDocument) is markdown, a JSON document, or "Empty",
 * which it writes as an object without properties: no page could be empty once mixed with the
 * page's own fields, yet every page of a tree (revisions, `pages` lists) has no body. Empty is
 * checked as GitBook means it: neither `markdown` nor `document`.
 */
const components = structuredClone(spec.components)
components.schemas.Document.oneOf[2] = {
  type: 'object',
  title: 'Empty',
  not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] },
}
ajv.addSchema({ $id: 'openapi', components }, 'openapi')

type Operation = { template: string; pattern: RegExp; literals: number }

const operations: Operation[] = Object.keys(spec.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(
      '^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$'
    ),
    literals: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
  }))
  // Prefer the most specific template: `/orgs/{id}/ping` over a hypothetical `/orgs/{id}/{x}`.
  .sort((a, b) => b.literals - a.literals)

const compiled = new Map<string, ValidateFunction>()

/**
 * Where the platform document and @gitbook/api disagree, the platform document wins, and responses
 * are held to its shape instead:
 * - Translations: the platform's "Translation settings" (object `translation-settings`, `title`,
 *   `languages`) where this @gitbook/api release documents a different `Translation` resource.
 * - SAML providers: a provider created with only its label has no `ssoURL` yet (status `pending`)
 *   and renders it as an empty string, which the document's `format: uri` does not admit.
 */
const TRANSLATION_SETTINGS = {
  type: 'object',
  required: ['object', 'id', 'title', 'languages', 'createdAt', 'updatedAt', 'permissions', 'urls'],
  additionalProperties: false,
  properties: {
    object: { const: 'translation-settings' },
    id: { type: 'string' },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    languages: { type: 'array', items: { $ref: '#/components/schemas/TranslationLanguage' } },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    permissions: {
      type: 'object',
      required: ['view', 'edit'],
      properties: { view: { type: 'boolean' }, edit: { type: 'boolean' } },
    },
    urls: {
      type: 'object',
      required: ['location'],
      properties: { location: { type: 'string', format: 'uri' } },
    },
  },
}
const TRANSLATION_SETTINGS_LIST = {
  allOf: [
    { $ref: '#/components/schemas/List' },
    {
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array', items: TRANSLATION_SETTINGS } },
    },
  ],
}
function samlProviderSchema() {
  const base = JSON.parse(JSON.stringify(spec.components.schemas.OrganizationSAMLProvider))
  base.properties.ssoURL = { anyOf: [{ $ref: '#/components/schemas/URL' }, { const: '' }] }
  return base
}
const PLATFORM_SCHEMAS: Record<string, () => unknown> = {
  'GET /orgs/{organizationId}/translations 200': () => TRANSLATION_SETTINGS_LIST,
  'POST /orgs/{organizationId}/translations 201': () => TRANSLATION_SETTINGS,
  'GET /orgs/{organizationId}/translations/{translationId} 200': () => TRANSLATION_SETTINGS,
  'PUT /orgs/{organizationId}/translations/{translationId} 200': () => TRANSLATION_SETTINGS,
  'GET /orgs/{organizationId}/saml 200': () => ({
    allOf: [
      { $ref: '#/components/schemas/List' },
      {
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', items: samlProviderSchema() } },
      },
    ],
  }),
  'POST /orgs/{organizationId}/saml 201': samlProviderSchema,
  'GET /orgs/{organizationId}/saml/{samlProviderId} 200': samlProviderSchema,
  'PATCH /orgs/{organizationId}/saml/{samlProviderId} 200': samlProviderSchema,
}

function rewriteRefs(schema: unknown): unknown {
  return JSON.parse(
    JSON.stringify(schema).replace(/"\$ref":"#\/components\//g, '"$ref":"openapi#/components/')
  )
}

function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = compiled.get(key)
  if (!validate) {
    validate = ajv.compile(rewriteRefs(schema) as object)
    compiled.set(key, validate)
  }
  return validate
}

function resolveResponse(response: any): any {
  if (response?.$ref) {
    const name = response.$ref.replace('#/components/responses/', '')
    return resolveResponse(spec.components.responses[name])
  }
  return response
}

const platformOperations = Object.keys(PLATFORM_OPERATIONS).map((template) => ({
  template,
  pattern: new RegExp(
    '^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$'
  ),
}))

/**
 * A platform operation that @gitbook/api does not document (see platform_schemas.ts): its 200
 * schema, or the OpenAPI `Error` schema for 4xx/5xx.
 */
function platformOperationSchema(method: string, url: string, status: number) {
  const path = new URL(url, 'http://x').pathname.replace(/^\/v1/, '') || '/'
  const operation = platformOperations.find((candidate) => candidate.pattern.test(path))
  const schema = operation
    ? PLATFORM_OPERATIONS[operation.template][method.toUpperCase()]
    : undefined
  if (!operation || !schema) return undefined
  if (status >= 400) return { key: 'Error', schema: spec.components.schemas.Error }
  const key = `${method.toUpperCase()} ${operation.template} ${status}`
  const documented = schema()
  // A schema for 200 or 201, or null for an operation that answers 205 without a body.
  if (documented === null ? status === 205 : status === 200 || status === 201) {
    return { key, schema: documented }
  }
  throw new Error(`Contract: ${method} ${operation.template} documents no ${status} response`)
}

/**
 * Finds the OpenAPI operation for `METHOD /v1/path` (query string ignored).
 */
export function findOperation(method: string, url: string) {
  const path = new URL(url, 'http://x').pathname.replace(/^\/v1/, '') || '/'
  const operation = operations.find((candidate) => candidate.pattern.test(path))
  const definition = operation ? spec.paths[operation.template]?.[method.toLowerCase()] : undefined
  return operation && definition ? { template: operation.template, definition } : undefined
}

/**
 * Throws with every schema violation when `body` does not match the documented response of the
 * operation for `status`.
 */
export function validateContract(method: string, url: string, status: number, body: unknown) {
  const platform = platformOperationSchema(method, url, status)
  if (platform) {
    if (platform.schema === null) return assertNoBody(platform.key, body)
    return check(platform.key, platform.schema, status, body)
  }
  const operation = findOperation(method, url)
  if (!operation) throw new Error(`Contract: no operation in @gitbook/api for ${method} ${url}`)

  const responses = operation.definition.responses ?? {}
  const documented = resolveResponse(
    responses[String(status)] ?? responses[`${String(status)[0]}XX`]
  )
  let schema = documented?.content?.['application/json']?.schema
  let key = `${method} ${operation.template} ${status}`
  const platformSchema = PLATFORM_SCHEMAS[`${method.toUpperCase()} ${operation.template} ${status}`]
  if (platformSchema) schema = platformSchema()

  if (!documented) {
    if (status >= 400) {
      schema = spec.components.schemas.Error
      key = 'Error'
    } else {
      throw new Error(`Contract: ${method} ${operation.template} documents no ${status} response`)
    }
  }
  if (!schema) {
    return assertNoBody(key, body)
  }
  check(key, schema, status, body)
}

/**
 * A documented response without a body (204/205): the body must be empty.
 */
function assertNoBody(key: string, body: unknown) {
  if (
    body !== undefined &&
    body !== null &&
    body !== '' &&
    !(typeof body === 'object' && Object.keys(body as object).length === 0)
  ) {
    throw new Error(`Contract: ${key} has no body, got ${JSON.stringify(body).slice(0, 200)}`)
  }
}

function check(key: string, schema: unknown, status: number, body: unknown) {
  const validate = validatorFor(key, schema)
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .slice(0, 10)
      .map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`)
      .join('\n  ')
    throw new Error(`Contract: response of ${key} does not match @gitbook/api:\n  ${problems}`)
  }
  if (status >= 400) {
    const error = (body as any)?.error
    if (error?.code !== status)
      throw new Error(`Contract: error.code ${error?.code} != status ${status}`)
  }
}

/**
 * Throws with every violation when `value` does not match the document's
 * `#/components/schemas/<name>` (e.g. `JSONDocument` for converters' output).
 */
export function validateSchema(name: string, value: unknown) {
  if (!spec.components.schemas[name]) throw new Error(`Contract: no schema ${name} in @gitbook/api`)
  const validate = validatorFor(`schema ${name}`, { $ref: `#/components/schemas/${name}` })
  if (!validate(value)) {
    const problems = (validate.errors ?? [])
      .slice(0, 10)
      .map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`)
      .join('\n  ')
    throw new Error(`Contract: value does not match ${name}:\n  ${problems}`)
  }
}
