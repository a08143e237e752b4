import { Ajv, type ErrorObject } from 'ajv'
import db from '@adonisjs/lucid/services/db'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import { parseJson } from '#core/database/columns'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import type { SiteAccess } from '#sites/records'

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'
const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.'

/** Claims nest (objects of claims); deeper than this is refused before anything walks it. */
const MAX_DEPTH = 12
/** Claims in one schema, all levels together. */
const MAX_CLAIMS = 500

export type AdaptiveJsonSchema = Record<string, unknown>
export type TemplateCondition = { description: string; condition: string }

/**
 * The default schema of a site that has none: no claims.
 */
export function emptyAdaptiveSchema(): AdaptiveJsonSchema {
  return {
    $schema: DRAFT_07,
    type: 'object',
    properties: {
      unsigned: {
        type: 'object',
        description: UNSIGNED_DESCRIPTION,
        properties: {},
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  }
}

const description = { type: 'string', maxLength: 1024 }

/**
 * The shape an adaptive schema must have (what GitBook's readers and the condition editor
 * understand): an object of claims, each a described boolean, string or number, an array of those,
 * or an object of further claims; `unsigned` holds the claims a visitor may set without signing.
 */
const SHAPE = {
  definitions: {
    primitive: {
      type: 'object',
      properties: { type: { enum: ['boolean', 'string', 'number'] }, description },
      required: ['type', 'description'],
      additionalProperties: false,
    },
    claim: {
      oneOf: [
        { $ref: '#/definitions/primitive' },
        {
          type: 'object',
          properties: {
            type: { const: 'array' },
            description,
            items: { $ref: '#/definitions/primitive' },
          },
          required: ['type', 'description', 'items'],
          additionalProperties: false,
        },
        { $ref: '#/definitions/claims' },
      ],
    },
    claims: {
      type: 'object',
      properties: {
        type: { const: 'object' },
        description,
        properties: {
          type: 'object',
          additionalProperties: { $ref: '#/definitions/claim' },
          maxProperties: 100,
        },
        additionalProperties: { const: false },
      },
      required: ['type', 'description', 'properties', 'additionalProperties'],
      additionalProperties: false,
    },
  },
  type: 'object',
  properties: {
    $schema: { const: DRAFT_07 },
    $id: { type: 'string', maxLength: 2048 },
    type: { const: 'object' },
    properties: {
      type: 'object',
      properties: {
        // Claims like any object of claims, with the one description GitBook gives them.
        unsigned: {
          allOf: [
            { $ref: '#/definitions/claims' },
            { properties: { description: { const: UNSIGNED_DESCRIPTION } } },
          ],
        },
      },
      additionalProperties: { $ref: '#/definitions/claim' },
      maxProperties: 100,
    },
    additionalProperties: { const: false },
  },
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
}

const ajv = new Ajv({ allErrors: false, strict: false })
const matchesShape = ajv.compile(SHAPE)

/**
 * The adaptive-content schema of a site: the claims its visitors carry, which conditions of
 * sections, site spaces and pages test.
 */
export default class AdaptiveSchemaService {
  async get({ site }: SiteAccess) {
    const row = await db
      .from('sites')
      .where('id', site.id)
      .select('adaptive_schema', 'adaptive_schema_updated_at', 'created_at')
      .firstOrFail()
    return {
      jsonSchema: parseJson<AdaptiveJsonSchema>(row.adaptive_schema) ?? emptyAdaptiveSchema(),
      updatedAt: fromSqlTimestamp(row.adaptive_schema_updated_at ?? row.created_at)!,
    }
  }

  /**
   * Replaces the schema; one of another shape, or one that is not valid JSON Schema, is a 400
   * naming the first thing wrong.
   */
  async put(siteAccess: SiteAccess, jsonSchema: unknown) {
    assertAdaptiveSchema(jsonSchema)
    await db
      .from('sites')
      .where('id', siteAccess.site.id)
      .update({
        adaptive_schema: JSON.stringify(jsonSchema),
        adaptive_schema_updated_at: toSqlTimestamp(new Date()),
      })
    return this.get(siteAccess)
  }

  async templateConditions(siteAccess: SiteAccess): Promise<TemplateCondition[]> {
    const { jsonSchema } = await this.get(siteAccess)
    return templateConditions(jsonSchema)
  }
}

export function assertAdaptiveSchema(value: unknown): asserts value is AdaptiveJsonSchema {
  const bound = boundsProblem(value)
  if (bound) throw invalid(bound)
  if (!matchesShape(value)) throw invalid(describe(matchesShape.errors))
  if (!ajv.validateSchema(value as object)) {
    throw invalid(`is not a valid JSON Schema: ${describe(ajv.errors)}`)
  }
}

function invalid(message: string) {
  return BadRequestException.invalid({ field: 'jsonSchema', message, rule: 'adaptiveSchema' })
}

function describe(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0]
  if (!error) return 'does not have the shape of an adaptive schema'
  const where = error.instancePath ? `at ${error.instancePath}` : 'at the top'
  const allowed =
    error.keyword === 'additionalProperties'
      ? ` ("${String((error.params as { additionalProperty?: string }).additionalProperty)}")`
      : error.keyword === 'const'
        ? ` (${JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue)})`
        : ''
  return `${where}: ${error.message ?? 'is invalid'}${allowed}`
}

/**
 * Depth and size first, so that nothing after walks a hostile document.
 */
function boundsProblem(value: unknown): string | null {
  let claims = 0
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (depth > MAX_DEPTH * 2 + 4) return `nests deeper than ${MAX_DEPTH} levels of claims`
    if (node && typeof node === 'object') {
      const entries = Object.values(node)
      claims += entries.length
      if (claims > MAX_CLAIMS * 6) return `has more than ${MAX_CLAIMS} claims`
      for (const child of entries) stack.push([child, depth + 1])
    }
  }
  return null
}

/**
 * One condition per boolean claim: `visitor.claims.<path>` is true, described by the claim's
 * description.
 */
export function templateConditions(schema: AdaptiveJsonSchema): TemplateCondition[] {
  const found: TemplateCondition[] = []
  const walk = (properties: unknown, path: string) => {
    if (!properties || typeof properties !== 'object') return
    for (const [name, claim] of Object.entries(properties as Record<string, any>)) {
      const claimPath = `${path}${/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`
      if (claim?.type === 'boolean') {
        found.push({ description: String(claim.description ?? name), condition: claimPath })
      } else if (claim?.type === 'object') {
        walk(claim.properties, claimPath)
      }
    }
  }
  walk(schema.properties, 'visitor.claims')
  return found
}
