import { createRequire } from 'node:module'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

/**
 * Validates Bindery's responses against GitBook's public OpenAPI 3.1 document (npm `@gitbook/api`):
 * the operation is found from the request's method and path, the schema from the response status.
 * 4xx/5xx answers that the document does not list are held to its `Error` schema.
 */
const require = createRequire(import.meta.url)
const spec = require('@gitbook/api/spec/openapi.json')

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
ajv.addSchema({ $id: 'openapi', components: spec.components }, 'openapi')

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

function rewriteRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\/components\//g, '"$ref":"openapi#/components/'))
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
  const operation = findOperation(method, url)
  if (!operation) throw new Error(`Contract: no operation in @gitbook/api for ${method} ${url}`)

  const responses = operation.definition.responses ?? {}
  const documented = resolveResponse(responses[String(status)] ?? responses[`${String(status)[0]}XX`])
  let schema = documented?.content?.['application/json']?.schema
  let key = `${method} ${operation.template} ${status}`

  if (!documented) {
    if (status >= 400) {
      schema = spec.components.schemas.Error
      key = 'Error'
    } else {
      throw new Error(`Contract: ${method} ${operation.template} documents no ${status} response`)
    }
  }
  if (!schema) {
    // A documented response without a body (204/205): the body must be empty.
    if (body !== undefined && body !== null && body !== '' && !(typeof body === 'object' && Object.keys(body as object).length === 0)) {
      throw new Error(`Contract: ${key} has no body, got ${JSON.stringify(body).slice(0, 200)}`)
    }
    return
  }
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
    if (error?.code !== status) throw new Error(`Contract: error.code ${error?.code} != status ${status}`)
  }
}
