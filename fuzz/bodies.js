/*
| Request bodies for the fuzzer: "valid-ish" values generated from an OpenAPI (JSON Schema) request
| schema, then mutations of them (wrong types, missing or extra fields, huge strings, deep nesting,
| unicode, nulls, boundary numbers). Identifier-looking fields take real ids from the run's pools
| when there are some, so valid-ish bodies get past the lookups to the code behind them.
*/

const UNICODE = [
  'héllo wörld',
  '日本語のタイトル',
  '🦄🔥💥 emoji 👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  'zero\u200bwidth\u200d\ufeff',
  'nul\u0000byte',
  '\ud800 lone surrogate',
  '\udfff\ud800 reversed surrogates',
  'A\u0301\u0302\u0303\u0304\u0305\u0306\u0307 combining',
  '\u202eRTL override',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%s%n%x {{constructor}}',
  '../../../../etc/passwd',
  '\r\n\r\nHTTP/1.1 200 OK',
  '\\u0000',
  '𝕳𝖊𝖑𝖑𝖔',
]

const BOUNDARY_NUMBERS = [
  0, -0, -1, 1, 0.5, -0.5, 2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991,
  9007199254740993, -9007199254740993, 1e21, 1e308, -1e308, 5e-324, 1.7976931348623157e308,
]

/** Field names whose values are ids of other records, by the pool they come from. */
const ID_FIELDS = {
  organization: 'organizationId',
  organizationId: 'organizationId',
  space: 'spaceId',
  spaceId: 'spaceId',
  spaces: 'spaceId',
  parent: 'collectionId',
  collection: 'collectionId',
  collectionId: 'collectionId',
  user: 'userId',
  userId: 'userId',
  users: 'userId',
  team: 'teamId',
  teamId: 'teamId',
  teams: 'teamId',
  defaultTeam: 'teamId',
  sectionId: 'siteSectionId',
  sections: 'siteSectionId',
  siteSectionId: 'siteSectionId',
  siteSpaceId: 'siteSpaceId',
  site: 'siteId',
  siteId: 'siteId',
  changeRequest: 'changeRequestId',
  page: 'pageId',
  pageId: 'pageId',
  into: 'pageId',
  revision: 'revisionId',
}

export class BodyGenerator {
  constructor(spec, pools) {
    this.spec = spec
    this.pools = pools
  }

  resolve(schema) {
    let s = schema
    for (let i = 0; s && s.$ref && i < 20; i++) {
      const path = s.$ref.replace(/^#\//, '').split('/')
      s = path.reduce((node, key) => node?.[key], this.spec)
    }
    return s ?? {}
  }

  poolValue(rng, field) {
    const pool = this.pools[ID_FIELDS[field]]
    return pool && pool.length ? rng.pick(pool.slice(-4)) : undefined
  }

  /** A value that follows the schema, mostly. */
  generate(rng, schema, depth = 0, field = '') {
    const s = this.resolve(schema)
    if (depth > 8) return null
    if (s.const !== undefined) return s.const
    if (s.enum) return rng.pick(s.enum)
    if (s.allOf) {
      const parts = s.allOf.map((part) => this.generate(rng, part, depth + 1, field))
      if (parts.every((part) => part && typeof part === 'object' && !Array.isArray(part)))
        return Object.assign({}, ...parts)
      return parts.at(-1)
    }
    const choices = s.oneOf ?? s.anyOf
    if (choices) return this.generate(rng, rng.pick(choices), depth + 1, field)
    let type = s.type
    if (Array.isArray(type)) type = rng.pick(type)
    if (!type) type = s.properties ? 'object' : s.items ? 'array' : 'string'
    switch (type) {
      case 'object': {
        const out = {}
        const required = new Set(s.required ?? [])
        for (const [key, sub] of Object.entries(s.properties ?? {})) {
          if (!required.has(key) && !rng.chance(0.5)) continue
          out[key] = this.generate(rng, sub, depth + 1, key)
        }
        if (!s.properties && s.additionalProperties && rng.chance(0.5))
          out[rng.string(6)] = this.generate(rng, s.additionalProperties, depth + 1)
        return out
      }
      case 'array': {
        const min = s.minItems ?? 0
        const max = Math.min(s.maxItems ?? 3, min + 3)
        const length = rng.int(min, Math.max(min, max))
        return Array.from({ length }, () => this.generate(rng, s.items ?? {}, depth + 1, field))
      }
      case 'integer':
      case 'number': {
        const min = s.minimum ?? 0
        const max = s.maximum ?? min + 100
        const value = min + rng.next() * (max - min)
        return type === 'integer' ? Math.floor(value) : value
      }
      case 'boolean':
        return rng.chance(0.5)
      case 'null':
        return null
      default:
        return this.stringFor(rng, s, field)
    }
  }

  stringFor(rng, s, field) {
    const fromPool = ID_FIELDS[field] ? this.poolValue(rng, field) : undefined
    if (fromPool !== undefined && rng.chance(0.9)) return fromPool
    if (s.format === 'uri' || s.format === 'url' || /url$/i.test(field))
      return rng.pick(['https://example.com/docs', 'http://127.0.0.1:9/x', 'mailto:a@b.c'])
    if (s.format === 'email' || /email/i.test(field)) return `fuzz${rng.int(0, 99999)}@example.com`
    if (s.format === 'date-time') return new Date(1.7e12 + rng.int(0, 1e10)).toISOString()
    if (s.pattern && /\^\[a-z0-9/.test(s.pattern)) return `slug-${rng.string(6)}`
    const min = s.minLength ?? 1
    const max = Math.min(s.maxLength ?? 24, min + 24)
    return `fz ${rng.string(Math.max(0, rng.int(min, max) - 3))}`
  }

  /** A mutation of `value` (a generated body), or a hostile body of its own. */
  mutate(rng, value) {
    const kind = rng.weighted([
      [3, 'field'],
      [1, 'remove'],
      [1, 'extra'],
      [1, 'root'],
      [1, 'deep'],
      [1, 'unicode-all'],
    ])
    switch (kind) {
      case 'root':
        return rng.pick([
          null,
          [],
          [value],
          'a string',
          42,
          true,
          {},
          { __proto__: { admin: true } },
          JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
        ])
      case 'deep':
        return deepNesting(rng, value)
      case 'unicode-all':
        return mapStrings(value, () => rng.pick(UNICODE))
      default: {
        const target = pickContainer(rng, value)
        if (!target) return this.hostileValue(rng)
        const keys = Array.isArray(target) ? target.map((_, i) => i) : Object.keys(target)
        if (kind === 'remove' && keys.length) {
          const key = rng.pick(keys)
          if (Array.isArray(target)) target.splice(key, 1)
          else delete target[key]
        } else if (kind === 'extra' || keys.length === 0) {
          target[
            rng.pick(['id', 'object', 'admin', 'organization', 'role', '__proto__', rng.string(8)])
          ] = this.hostileValue(rng)
        } else {
          target[rng.pick(keys)] = this.hostileValue(rng)
        }
        return value
      }
    }
  }

  /** A wrong-typed, huge, odd or boundary value for one field. */
  hostileValue(rng) {
    return rng.weighted([
      [2, () => null],
      [2, () => rng.pick(BOUNDARY_NUMBERS)],
      [2, () => rng.pick(UNICODE)],
      [1, () => ''],
      [1, () => ' '.repeat(rng.int(1, 50))],
      [1, () => rng.pick([true, false])],
      [1, () => []],
      [1, () => ({})],
      [1, () => [null, 1, 'a', {}]],
      [1, () => 'x'.repeat(rng.pick([256, 1001, 10_000, 100_000]))],
      [0.3, () => '🦄'.repeat(50_000)],
      [1, () => ({ $ne: null, $gt: '' })],
      [1, () => rng.pick(['2024-13-45T99:99:99Z', 'NaN', 'Infinity', '-1', '1e309', '0x10'])],
      [1, () => rng.pick(Object.values(this.pools).flat().slice(-50).concat(['unknown']))],
      [0.5, () => deepNesting(rng, 'leaf')],
    ])()
  }
}

/** A random object or array inside `value` (the root included), or null when there is none. */
function pickContainer(rng, value) {
  const containers = []
  const walk = (node, depth) => {
    if (!node || typeof node !== 'object' || depth > 6) return
    containers.push(node)
    for (const child of Object.values(node)) walk(child, depth + 1)
  }
  walk(value, 0)
  return containers.length ? rng.pick(containers) : null
}

function mapStrings(value, replace) {
  if (typeof value === 'string') return replace(value)
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, replace)]))
  return value
}

/** `value` wrapped in arrays or objects hundreds to thousands deep. */
export function deepNesting(rng, value) {
  const depth = rng.pick([64, 200, 1000, 2000])
  const asArray = rng.chance(0.5)
  let out = value
  for (let i = 0; i < depth; i++) out = asArray ? [out] : { a: out }
  return out
}
