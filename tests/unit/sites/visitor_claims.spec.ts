import { test } from '@japa/runner'
import { filterClaims, unsignedClaimsFromQuery } from '#sites/visitor_claims'
import { conditionHolds } from '#sites/conditions'

const claim = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  description: `A ${type} claim`,
  ...extra,
})

/** A site's adaptive schema: signed plan/seats/admin/roles/company, unsigned beta/language/count. */
const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    plan: claim('string'),
    seats: claim('number'),
    admin: claim('boolean'),
    roles: claim('array', { items: claim('string') }),
    company: {
      type: 'object',
      description: 'The company',
      properties: { tier: claim('string'), size: claim('number') },
      additionalProperties: false,
    },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: {
        beta: claim('boolean'),
        language: claim('string'),
        count: claim('number'),
        tags: claim('array', { items: claim('string') }),
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
}

/** `depth` objects nested in one another under `a`. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true }
  for (let i = 1; i < depth; i++) value = { a: value }
  return value
}

test.group('filterClaims', () => {
  test('claims of the declared types are kept as they are', ({ assert }) => {
    const claims = {
      plan: 'pro',
      seats: 3,
      admin: true,
      roles: ['editor'],
      company: { tier: 'gold', size: 10 },
      unsigned: { beta: false, language: 'fr' },
    }
    assert.deepEqual(filterClaims(SCHEMA, claims), claims)
  })

  test('claims the schema does not declare are dropped, at every level', ({ assert }) => {
    const filtered = filterClaims(SCHEMA, {
      plan: 'pro',
      sneaky: 'x',
      company: { tier: 'gold', extra: 1 },
      unsigned: { beta: true, admin: true },
    })
    assert.deepEqual(filtered, {
      plan: 'pro',
      company: { tier: 'gold' },
      unsigned: { beta: true },
    })
  })

  test('claims of another type are dropped, the others kept', ({ assert }) => {
    const filtered = filterClaims(SCHEMA, {
      plan: 42,
      seats: 'many',
      admin: 'maybe',
      roles: ['editor', { not: 'a string' }, 'billing'],
      company: 'acme',
      unsigned: { beta: [true, false], language: 'fr' },
    })
    assert.deepEqual(filtered, {
      // A number converts exactly to a string.
      plan: '42',
      roles: ['editor', 'billing'],
      unsigned: { language: 'fr' },
    })
  })

  test('unsigned values from the query string take the declared types', ({ assert }) => {
    const unsigned = unsignedClaimsFromQuery({
      'visitor.beta': 'true',
      'visitor.count': '3',
      'visitor.language': 'fr',
      'visitor.tags': 'one',
    })
    const filtered = filterClaims(SCHEMA, { unsigned })
    assert.deepEqual(filtered, {
      unsigned: { beta: true, count: 3, language: 'fr', tags: ['one'] },
    })
    assert.isTrue(conditionHolds('visitor.claims.unsigned.beta === true', { claims: filtered }))
    assert.isTrue(conditionHolds('visitor.claims.unsigned.count > 2', { claims: filtered }))
    assert.isTrue(
      conditionHolds('visitor.claims.unsigned.tags.includes("one")', { claims: filtered })
    )
  })

  test('a value that does not convert is dropped: {name}')
    .with([
      { name: 'not a boolean', unsigned: { beta: 'yes' } },
      { name: 'not a number', unsigned: { count: 'three' } },
    ])
    .run(({ assert }, { unsigned }) => {
      assert.deepEqual(filterClaims(SCHEMA, { unsigned }), { unsigned: {} })
    })

  test('the input is left as it was', ({ assert }) => {
    const claims = { plan: 'pro', extra: 1, unsigned: { count: '3' } }
    filterClaims(SCHEMA, claims)
    assert.deepEqual(claims, { plan: 'pro', extra: 1, unsigned: { count: '3' } })
  })

  test('no claims: {name}')
    .with([
      { name: 'a null schema', schema: null, claims: { plan: 'pro' } },
      {
        name: 'a schema ajv cannot compile',
        schema: { type: 'object', properties: { plan: { type: 'nonsense' } } },
        claims: { plan: 'pro' },
      },
      { name: 'claims that are not an object', schema: SCHEMA, claims: ['pro'] },
      { name: 'claims deeper than 12 levels', schema: SCHEMA, claims: nested(13) },
      { name: 'claims over 32 KB', schema: SCHEMA, claims: { plan: 'x'.repeat(33 * 1024) } },
    ])
    .run(({ assert }, { schema, claims }) => {
      assert.deepEqual(filterClaims(schema as any, claims as any), {})
    })

  test('claims 12 levels deep are read', ({ assert }) => {
    const schema = { type: 'object', properties: { a: { type: 'object' } } }
    assert.deepEqual(filterClaims(schema, nested(12)), nested(12))
  })

  test('never throws on hostile claims', ({ assert }) => {
    const cyclic: Record<string, unknown> = { plan: 'pro' }
    cyclic.self = cyclic
    assert.deepEqual(filterClaims(SCHEMA, cyclic), {})
    assert.deepEqual(filterClaims(SCHEMA, { plan: 'pro', big: 10n } as any), {})
    assert.deepEqual(filterClaims(SCHEMA, JSON.parse('{"__proto__": {"admin": true}}')), {})
    assert.deepEqual(filterClaims(SCHEMA, null as any), {})
    assert.isUndefined(({} as Record<string, unknown>).admin)
  })

  test('schemas sharing an $id are compiled each on its own', ({ assert }) => {
    const first = { $id: 'https://example.com/claims', type: 'object', properties: { a: {} } }
    const second = { $id: 'https://example.com/claims', type: 'object', properties: { b: {} } }
    assert.deepEqual(filterClaims(first, { a: 1, b: 2 }), { a: 1 })
    assert.deepEqual(filterClaims(second, { a: 1, b: 2 }), { b: 2 })
  })
})

test.group('unsignedClaimsFromQuery', () => {
  test('visitor.<name> parameters are claims, dots nest, repeated ones are arrays', ({
    assert,
  }) => {
    assert.deepEqual(
      unsignedClaimsFromQuery({
        'visitor.language': 'fr',
        'visitor.plan.tier': 'pro',
        'visitor.plan.seats': '3',
        'visitor.tags': ['a', 'b'],
        'page': '2',
        'visitor': 'x',
        'visitorX.y': 'z',
      }),
      {
        language: 'fr',
        plan: { tier: 'pro', seats: '3' },
        tags: ['a', 'b'],
      }
    )
  })

  test('hostile parameters are ignored: {name}')
    .with([
      { name: '__proto__', params: { 'visitor.__proto__.admin': 'true' } },
      { name: 'nested __proto__', params: { 'visitor.a.__proto__': 'x' } },
      { name: 'constructor', params: { 'visitor.constructor.prototype.admin': 'true' } },
      { name: 'prototype', params: { 'visitor.prototype': 'x' } },
      { name: 'an empty name', params: { 'visitor.': 'x' } },
      { name: 'an empty segment', params: { 'visitor.a..b': 'x' } },
      { name: 'a trailing dot', params: { 'visitor.a.': 'x' } },
      { name: 'more than 5 levels', params: { 'visitor.a.b.c.d.e.f': 'x' } },
      { name: 'a name over 100 characters', params: { [`visitor.${'a'.repeat(93)}`]: 'x' } },
      { name: 'a value over 1000 characters', params: { 'visitor.a': 'x'.repeat(1001) } },
      { name: 'a value that is not a string', params: { 'visitor.a': { b: 'c' } } },
      { name: 'an array of objects', params: { 'visitor.a': [{ b: 'c' }] } },
    ])
    .run(({ assert }, { params }) => {
      const claims = unsignedClaimsFromQuery(params as Record<string, unknown>)
      assert.deepEqual(claims, {})
      assert.isUndefined(({} as Record<string, unknown>).admin)
      assert.strictEqual(Object.getPrototypeOf(claims), Object.prototype)
    })

  test('names and values at the bounds are kept', ({ assert }) => {
    const name = `visitor.${'a'.repeat(92)}`
    assert.deepEqual(
      unsignedClaimsFromQuery({ [name]: 'x'.repeat(1000), 'visitor.a.b.c.d.e': 'deep' }),
      { ['a'.repeat(92)]: 'x'.repeat(1000), a: { b: { c: { d: { e: 'deep' } } } } }
    )
  })

  test('at most 50 values are read', ({ assert }) => {
    const params: Record<string, unknown> = { 'visitor.list': Array.from({ length: 40 }, String) }
    for (let i = 0; i < 20; i++) params[`visitor.p${i}`] = String(i)
    const claims = unsignedClaimsFromQuery(params)
    assert.lengthOf(claims.list as string[], 40)
    assert.deepEqual(
      Object.keys(claims).filter((key) => key.startsWith('p')),
      Array.from({ length: 10 }, (_, i) => `p${i}`)
    )
  })

  test('a parameter clashing with an earlier one is ignored', ({ assert }) => {
    assert.deepEqual(unsignedClaimsFromQuery({ 'visitor.plan': 'pro', 'visitor.plan.tier': 'x' }), {
      plan: 'pro',
    })
    assert.deepEqual(unsignedClaimsFromQuery({ 'visitor.plan.tier': 'x', 'visitor.plan': 'pro' }), {
      plan: { tier: 'x' },
    })
  })
})
