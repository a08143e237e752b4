import type { Element, ElementContent } from 'hast'

/**
 * One operation of an OpenAPI document as server-rendered HTML (hast): method and path, summary
 * and description (as text), parameters, request body and responses with their schemas (a nested
 * list of properties) and an example (the document's, else one built from the schema). Works on a
 * dereferenced document, which may be cyclic: every walk is bounded in depth and in count, so a
 * hostile document renders a truncated block, never an endless one. Swagger 2.0 (`in: body`
 * parameters, `schema` on responses) and OpenAPI 3.x shapes are both read.
 */

type Json = Record<string, any>

/** Levels of a schema shown, properties per level, and nodes per block. */
const MAX_SCHEMA_DEPTH = 6
const MAX_PROPERTIES = 50
const MAX_NODES = 3000
const MAX_TEXT = 2000
const MAX_EXAMPLE = 4000
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

export interface OperationRef {
  path: string
  method: string
}

/** The operation of `document` at `path` and `method`, or undefined. */
export function findOperation(document: Json, ref: OperationRef): Json | undefined {
  if (!METHODS.has(ref.method)) return undefined
  const item = isRecord(document.paths) ? document.paths[ref.path] : undefined
  const operation = isRecord(item) ? item[ref.method] : undefined
  return isRecord(operation) ? { ...operation, __pathItem: item } : undefined
}

/** Every operation of a document (console listings), in document order, at most `limit`. */
export function listOperations(document: Json, limit = 1000) {
  const operations: Array<{ method: string; path: string; summary: string; deprecated: boolean }> =
    []
  if (!isRecord(document.paths)) return operations
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || !isRecord(operation)) continue
      if (operations.length >= limit) return operations
      operations.push({
        method,
        path,
        summary: text(operation.summary ?? operation.operationId ?? ''),
        deprecated: operation.deprecated === true,
      })
    }
  }
  return operations
}

/** The operation's block, or undefined when the document has no such operation. */
export function renderOperation(document: Json, ref: OperationRef): Element | undefined {
  const operation = findOperation(document, ref)
  if (!operation) return undefined
  return new OperationRenderer(document).render(ref, operation)
}

class OperationRenderer {
  #nodes = 0

  constructor(private document: Json) {}

  render(ref: OperationRef, operation: Json): Element {
    const children: ElementContent[] = [
      div('openapi-heading', [
        span(`openapi-method openapi-method-${ref.method}`, ref.method.toUpperCase()),
        { type: 'text', value: ' ' },
        el('code', [t(ref.path)]),
        ...(operation.deprecated === true ? [span('openapi-deprecated', ' deprecated')] : []),
      ]),
    ]
    if (operation.summary) children.push(el('p', [el('strong', [t(text(operation.summary))])]))
    if (operation.description) children.push(...paragraphs(text(operation.description)))
    const parameters = this.parameters(operation)
    if (parameters) children.push(section('Parameters', [parameters]))
    const body = this.requestBody(operation)
    if (body.length > 0) children.push(section('Request body', body))
    const responses = this.responses(operation)
    if (responses.length > 0) children.push(section('Responses', responses))
    return div('openapi-operation', children)
  }

  parameters(operation: Json): Element | undefined {
    const all = [
      ...(Array.isArray(operation.__pathItem?.parameters) ? operation.__pathItem.parameters : []),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ].filter((p) => isRecord(p) && p.in !== 'body' && p.in !== 'formData')
    // An operation's parameter overrides the path item's of the same name and place.
    const byKey = new Map<string, Json>()
    for (const parameter of all) byKey.set(`${parameter.in}:${parameter.name}`, parameter)
    if (byKey.size === 0) return undefined
    const rows = [...byKey.values()]
      .slice(0, MAX_PROPERTIES)
      .map((parameter) =>
        el('tr', [
          el('td', [el('code', [t(text(parameter.name))])]),
          el('td', [t(text(parameter.in))]),
          el('td', [t(typeOf(parameter.schema ?? parameter))]),
          el('td', [t(parameter.required === true ? 'required' : 'optional')]),
          el('td', [t(text(parameter.description ?? ''))]),
        ])
      )
    return el('table', [
      el('thead', [
        el(
          'tr',
          ['Name', 'In', 'Type', 'Required', 'Description'].map((h) => el('th', [t(h)]))
        ),
      ]),
      el('tbody', rows),
    ])
  }

  requestBody(operation: Json): ElementContent[] {
    // Swagger 2.0: the `in: body` parameter (or form fields).
    const parameters = Array.isArray(operation.parameters) ? operation.parameters : []
    const bodyParameter = parameters.find((p: unknown) => isRecord(p) && p.in === 'body')
    if (bodyParameter) {
      const media = (operation.consumes ?? this.document.consumes ?? ['application/json'])[0]
      return this.media(String(media), { schema: bodyParameter.schema }, bodyParameter.description)
    }
    const body = operation.requestBody
    if (!isRecord(body)) return []
    const content = isRecord(body.content) ? body.content : {}
    const out: ElementContent[] = []
    if (body.description) out.push(...paragraphs(text(body.description)))
    if (body.required === true) out.push(el('p', [span('openapi-required', 'required')]))
    for (const [type, media] of Object.entries(content).slice(0, 5)) {
      out.push(...this.media(type, isRecord(media) ? media : {}))
    }
    return out
  }

  responses(operation: Json): ElementContent[] {
    const responses = isRecord(operation.responses) ? operation.responses : {}
    return Object.entries(responses)
      .slice(0, 30)
      .map(([status, response]) => {
        const r = isRecord(response) ? response : {}
        const inner: ElementContent[] = []
        if (isRecord(r.content)) {
          for (const [type, media] of Object.entries(r.content).slice(0, 5)) {
            inner.push(...this.media(type, isRecord(media) ? media : {}))
          }
        } else if (r.schema) {
          const media = (operation.produces ?? this.document.produces ?? ['application/json'])[0]
          inner.push(...this.media(String(media), { schema: r.schema, examples: r.examples }))
        }
        return div('openapi-response', [
          el('p', [
            span(`openapi-status openapi-status-${String(status)[0]}xx`, String(status)),
            t(r.description ? ` ${text(r.description)}` : ''),
          ]),
          ...inner,
        ])
      })
  }

  media(type: string, media: Json, description?: unknown): ElementContent[] {
    const out: ElementContent[] = [el('p', [el('code', [t(type)])])]
    if (description) out.push(...paragraphs(text(description)))
    if (media.schema !== undefined) {
      const tree = this.schema(media.schema, 0)
      if (tree) out.push(tree)
    }
    const example = exampleOf(media)
    out.push(
      div('openapi-example', [
        el('pre', [el('code', [t(stringify(example ?? sample(media.schema, 0)))])]),
      ])
    )
    return out
  }

  /**
   * A schema as a nested list of its properties (objects), items (arrays) or type. A schema met
   * again below itself (a recursive `$ref`, dereferenced into a cycle) is named, not expanded.
   */
  schema(schema: unknown, depth: number, above: Set<object> = new Set()): Element | undefined {
    if (!isRecord(schema)) return undefined
    above = new Set(above).add(schema)
    const properties = propertiesOf(schema)
    if (properties.length === 0) {
      if (schema.type === 'array' || schema.items) {
        const items = above.has(schema.items)
          ? undefined
          : this.schema(schema.items, depth + 1, above)
        return el('ul', [
          el('li', [
            span('openapi-type', typeOf(schema)),
            ...(items && depth < MAX_SCHEMA_DEPTH ? [items] : []),
          ]),
        ])
      }
      return el('ul', [el('li', [span('openapi-type', typeOf(schema))])])
    }
    const required = new Set(Array.isArray(schema.required) ? schema.required : [])
    const items = properties.slice(0, MAX_PROPERTIES).map(([name, property]) => {
      this.#nodes += 1
      const p = isRecord(property) ? property : {}
      const children: ElementContent[] = [
        el('code', [t(name)]),
        t(' '),
        span('openapi-type', typeOf(p)),
        ...(required.has(name) ? [t(' '), span('openapi-required', 'required')] : []),
        ...(p.description ? [t(` — ${text(p.description)}`)] : []),
      ]
      const nested = propertiesOf(p).length > 0 ? p : isRecord(p.items) ? p.items : undefined
      if (nested && above.has(nested)) {
        children.push(t(' '), span('openapi-recursive', '(recursive)'))
      } else if (depth + 1 < MAX_SCHEMA_DEPTH && this.#nodes < MAX_NODES) {
        const sub =
          nested && propertiesOf(nested).length > 0
            ? this.schema(nested, depth + 1, above)
            : undefined
        if (sub) children.push(sub)
      }
      return el('li', children)
    })
    if (properties.length > MAX_PROPERTIES) items.push(el('li', [t('…')]))
    return el('ul', items)
  }
}

/** Properties of an object schema, `allOf` parts merged (one level). */
function propertiesOf(schema: Json): Array<[string, unknown]> {
  const own = isRecord(schema.properties) ? Object.entries(schema.properties) : []
  const merged = Array.isArray(schema.allOf)
    ? schema.allOf
        .slice(0, 10)
        .flatMap((part: unknown) =>
          isRecord(part) && isRecord(part.properties) ? Object.entries(part.properties) : []
        )
    : []
  return [...merged, ...own]
}

function typeOf(schema: Json): string {
  if (!isRecord(schema)) return 'any'
  let type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type
  if (!type && (schema.properties || schema.allOf)) type = 'object'
  if (!type && schema.oneOf) type = 'one of'
  if (!type && schema.anyOf) type = 'any of'
  if (type === 'array' && isRecord(schema.items)) type = `${typeOf(schema.items)}[]`
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : ''
  const values = Array.isArray(schema.enum)
    ? `: ${schema.enum
        .slice(0, 10)
        .map((v: unknown) => JSON.stringify(v))
        .join(', ')}`
    : ''
  return text(`${type ?? 'any'}${format}${values}`)
}

function exampleOf(media: Json): unknown {
  if (media.example !== undefined) return media.example
  if (isRecord(media.examples)) {
    const first = Object.values(media.examples)[0]
    if (isRecord(first) && 'value' in first) return first.value
    // Swagger 2.0: examples by media type.
    if (first !== undefined) return first
  }
  if (isRecord(media.schema) && media.schema.example !== undefined) return media.schema.example
  return undefined
}

/** An example built from a schema (bounded like everything here). */
function sample(schema: unknown, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_SCHEMA_DEPTH) return null
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  const properties = propertiesOf(schema)
  if (properties.length > 0) {
    return Object.fromEntries(
      properties.slice(0, MAX_PROPERTIES).map(([name, p]) => [name, sample(p, depth + 1)])
    )
  }
  if (Array.isArray(schema.oneOf ?? schema.anyOf))
    return sample((schema.oneOf ?? schema.anyOf)[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'array':
      return [sample(schema.items, depth + 1)]
    case 'string':
      return schema.format === 'date-time' ? '2024-01-01T00:00:00Z' : 'string'
    case 'integer':
    case 'number':
      return 0
    case 'boolean':
      return true
    case 'object':
      return {}
    default:
      return null
  }
}

/** JSON of an example, cut at MAX_EXAMPLE characters; cycles and depth cut too. */
function stringify(value: unknown): string {
  const seen = new WeakSet<object>()
  const limited = (input: unknown, depth: number): unknown => {
    if (input === null || typeof input !== 'object') return input
    if (seen.has(input) || depth > 10) return '…'
    seen.add(input)
    const out = Array.isArray(input)
      ? input.slice(0, MAX_PROPERTIES).map((v) => limited(v, depth + 1))
      : Object.fromEntries(
          Object.entries(input)
            .slice(0, MAX_PROPERTIES)
            .map(([k, v]) => [k, limited(v, depth + 1)])
        )
    seen.delete(input)
    return out
  }
  const json = typeof value === 'string' ? value : JSON.stringify(limited(value, 0), null, 2)
  const shown = json ?? 'null'
  return shown.length > MAX_EXAMPLE ? `${shown.slice(0, MAX_EXAMPLE)}\n…` : shown
}

function text(value: unknown): string {
  const s =
    typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s
}

function paragraphs(value: string): Element[] {
  return value
    .split(/\n\s*\n/)
    .filter((part) => part.trim() !== '')
    .slice(0, 20)
    .map((part) => el('p', [t(part.trim())]))
}

function section(title: string, children: ElementContent[]): Element {
  return div('openapi-section', [el('h4', [t(title)]), ...children])
}

function el(tagName: string, children: ElementContent[], className?: string): Element {
  return {
    type: 'element',
    tagName,
    properties: className ? { className: className.split(' ') } : {},
    children,
  }
}

function div(className: string, children: ElementContent[]): Element {
  return el('div', children, className)
}

function span(className: string, value: string): Element {
  return el('span', [t(value)], className)
}

function t(value: string): ElementContent {
  return { type: 'text', value }
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
