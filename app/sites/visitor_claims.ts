import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { LRUCache } from 'lru-cache'

/**
 * The claims a site's conditions read: signed claims (a visitor token) and unsigned ones (query
 * parameters), kept only where the site's adaptive schema declares them, with the declared type.
 * Everything here takes input from visitors: bounded, and never throws.
 */

/** Claims nest at most as deep as an adaptive schema does (see adaptive_schema_service). */
const MAX_DEPTH = 12
/** Claims larger than this (as JSON) are not claims anyone signs or types: none are kept. */
const MAX_JSON_LENGTH = 32 * 1024
/** Each round drops every property that failed; what still fails after these rounds is dropped whole. */
const MAX_ROUNDS = 5

/**
 * Properties the schema does not declare are removed; values of another type are converted where
 * the conversion is exact (query strings "true", "3") — `array` also wraps a lone value in an
 * array claim, as one query parameter gives one value — and what remains invalid is reported.
 * `addUsedSchema: false`: sites' schemas may share an `$id`.
 */
const ajv = new Ajv({
  removeAdditional: 'all',
  coerceTypes: 'array',
  allErrors: true,
  strict: false,
  addUsedSchema: false,
})

type CompiledSchema = { validate: ValidateFunction | null; schema: object }

/** Compiled validators by the schema's JSON; ajv forgets the schema when it leaves the cache. */
const validators = new LRUCache<string, CompiledSchema>({
  max: 200,
  dispose: ({ schema }) => ajv.removeSchema(schema),
})

function validatorFor(schema: Record<string, unknown>): ValidateFunction | null {
  const key = JSON.stringify(schema)
  let compiled = validators.get(key)
  if (!compiled) {
    const own = JSON.parse(key) as object
    compiled = { validate: compile(own), schema: own }
    validators.set(key, compiled)
  }
  return compiled.validate
}

function compile(schema: object): ValidateFunction | null {
  try {
    return ajv.compile(schema)
  } catch {
    // Not a JSON Schema ajv understands: no claim can be checked, so none is kept.
    return null
  }
}

/**
 * The claims the schema declares, with their declared types: undeclared claims removed, claims of
 * another type converted when exact (unsigned query values) or removed. A null schema, a schema
 * that does not compile, claims that are not an object, nest deeper than 12 levels or exceed 32 KB
 * of JSON: no claims. The input is never modified.
 */
export function filterClaims(
  schema: Record<string, unknown> | null,
  claims: Record<string, unknown>
): Record<string, unknown> {
  try {
    if (!schema) return {}
    const copy = boundedCopy(claims)
    const validate = copy && validatorFor(schema)
    if (!copy || !validate) return {}
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (validate(copy)) return copy
      if (!dropFailing(copy, validate.errors ?? [])) return {}
    }
    return validate(copy) ? copy : {}
  } catch {
    return {}
  }
}

/**
 * A deep copy of the claims as JSON has them (which is what visitor claims are), or null when they
 * are not a plain object within the bounds. The depth is checked before anything serializes them.
 */
function boundedCopy(claims: unknown): Record<string, unknown> | null {
  if (!isPlainObject(claims) || depthOf(claims) > MAX_DEPTH) return null
  const json = JSON.stringify(claims)
  if (json.length > MAX_JSON_LENGTH) return null
  return JSON.parse(json) as Record<string, unknown>
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * How deep objects and arrays nest (1 for a flat object), walking no further than one level past
 * the limit, and no more than a bounded number of values.
 */
function depthOf(root: object): number {
  let deepest = 0
  let visited = 0
  const stack: Array<[unknown, number]> = [[root, 1]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (typeof value !== 'object' || value === null) continue
    deepest = Math.max(deepest, depth)
    if (depth > MAX_DEPTH || ++visited > MAX_JSON_LENGTH) return Number.POSITIVE_INFINITY
    for (const child of Object.values(value)) stack.push([child, depth + 1])
  }
  return deepest
}

/**
 * Removes the value each error points at (an object's property or an array's item). False when an
 * error points at the claims themselves, which cannot be dropped.
 */
function dropFailing(claims: Record<string, unknown>, errors: ErrorObject[]): boolean {
  const doomed = new Map<object, Set<string>>()
  for (const error of errors) {
    const path = error.instancePath.split('/').slice(1).map(unescapePointer)
    if (path.length === 0) return false
    let parent: unknown = claims
    for (const segment of path.slice(0, -1)) {
      parent =
        isPlainObject(parent) || Array.isArray(parent) ? ownValue(parent, segment) : undefined
    }
    if (typeof parent !== 'object' || parent === null) continue
    const keys = doomed.get(parent) ?? new Set<string>()
    keys.add(path.at(-1)!)
    doomed.set(parent, keys)
  }
  for (const [parent, keys] of doomed) {
    if (Array.isArray(parent)) {
      const kept = parent.filter((_item, index) => !keys.has(String(index)))
      parent.splice(0, parent.length, ...kept)
    } else {
      for (const key of keys) delete (parent as Record<string, unknown>)[key]
    }
  }
  return doomed.size > 0
}

function ownValue(container: object, key: string): unknown {
  return Object.hasOwn(container, key) ? (container as Record<string, unknown>)[key] : undefined
}

/** A JSON Pointer segment as a property name (`~1` is `/`, `~0` is `~`). */
function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~')
}

/** Query parameters that set unsigned claims: `visitor.<name>` (GitBook's URL method). */
const QUERY_PREFIX = 'visitor.'
const MAX_QUERY_VALUES = 50
const MAX_NAME_LENGTH = 100
const MAX_VALUE_LENGTH = 1000
const MAX_NAME_DEPTH = 5
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * The unsigned claims a visitor sets in the URL, as GitBook reads them: `?visitor.language=fr`
 * gives `{ language: 'fr' }` (what conditions read as `visitor.claims.unsigned.language`), dots
 * nest (`visitor.plan.tier=pro` gives `{ plan: { tier: 'pro' } }`), a repeated parameter gives an
 * array. Values stay strings: filterClaims converts them to the schema's types. Bounded: at most 50
 * values, names of at most 100 characters and 5 levels, values of at most 1000 characters; a
 * parameter breaking a bound, naming `__proto__`, `constructor` or `prototype`, or clashing with an
 * earlier one (a value where an object of claims is, or the reverse) is ignored.
 */
export function unsignedClaimsFromQuery(params: Record<string, unknown>): Record<string, unknown> {
  const claims: Record<string, unknown> = {}
  let values = 0
  for (const [name, raw] of Object.entries(params ?? {})) {
    const path = claimPath(name)
    if (!path) continue
    const given = (Array.isArray(raw) ? raw : [raw]).filter(
      (value): value is string => typeof value === 'string' && value.length <= MAX_VALUE_LENGTH
    )
    const kept = given.slice(0, MAX_QUERY_VALUES - values)
    if (kept.length === 0) continue
    if (setClaim(claims, path, kept.length === 1 && !Array.isArray(raw) ? kept[0] : kept)) {
      values += kept.length
    }
  }
  return claims
}

/** The claim names of a `visitor.` parameter, or null when it is not one or breaks a bound. */
function claimPath(name: string): string[] | null {
  if (name.length > MAX_NAME_LENGTH || !name.startsWith(QUERY_PREFIX)) return null
  const path = name.slice(QUERY_PREFIX.length).split('.')
  if (path.length > MAX_NAME_DEPTH) return null
  if (path.some((segment) => segment === '' || FORBIDDEN_SEGMENTS.has(segment))) return null
  return path
}

/** Sets the claim at `path`; false (nothing set) when it clashes with a claim already set. */
function setClaim(claims: Record<string, unknown>, path: string[], value: unknown): boolean {
  let parent = claims
  for (const segment of path.slice(0, -1)) {
    const next = Object.hasOwn(parent, segment) ? parent[segment] : undefined
    if (next === undefined) {
      const created: Record<string, unknown> = {}
      parent[segment] = created
      parent = created
    } else if (isPlainObject(next)) {
      parent = next
    } else {
      return false
    }
  }
  const last = path.at(-1)!
  if (Object.hasOwn(parent, last)) return false
  parent[last] = value
  return true
}
