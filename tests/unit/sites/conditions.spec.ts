import { test } from '@japa/runner'
import { conditionHolds, type VisitorContext } from '#sites/conditions'

const visitor: VisitorContext = {
  claims: {
    plan: 'pro',
    seats: 12,
    admin: true,
    trial: false,
    nothing: null,
    roles: ['editor', 'billing'],
    email: 'ada@example.com',
    company: { tier: 'gold', size: 3 },
    unsigned: { beta: true, language: 'fr', count: '3' },
  },
}

const holds = (condition: string | null | undefined, who: VisitorContext = visitor) =>
  conditionHolds(condition, who)

test.group('conditionHolds', () => {
  test('no condition always holds: {name}')
    .with([
      { name: 'null', condition: null },
      { name: 'undefined', condition: undefined },
      { name: 'empty', condition: '' },
      { name: 'blank', condition: ' \n\t ' },
    ])
    .run(({ assert }, { condition }) => {
      assert.isTrue(holds(condition))
    })

  test('{condition} is {expected}')
    .with([
      // Literals, identifiers and truthiness.
      { condition: 'true', expected: true },
      { condition: 'false', expected: false },
      { condition: 'null', expected: false },
      { condition: 'undefined', expected: false },
      { condition: '1', expected: true },
      { condition: '0', expected: false },
      { condition: '"text"', expected: true },
      { condition: '""', expected: false },
      { condition: '[]', expected: true },
      { condition: 'visitor', expected: true },
      { condition: 'visitor.claims.admin', expected: true },
      { condition: 'visitor.claims.trial', expected: false },
      // Members: dot, computed, nested, arrays and strings.
      { condition: 'visitor.claims["plan"] === "pro"', expected: true },
      { condition: 'visitor.claims.company.tier === "gold"', expected: true },
      { condition: 'visitor["claims"]["company"]["size"] === 3', expected: true },
      { condition: 'visitor.claims.roles[1] === "billing"', expected: true },
      { condition: 'visitor.claims.roles.length === 2', expected: true },
      { condition: 'visitor.claims.plan.length === 3', expected: true },
      { condition: 'visitor.claims.plan[0] === "p"', expected: true },
      // Missing claims are undefined, at any depth, without failing.
      { condition: 'visitor.claims.missing', expected: false },
      { condition: 'visitor.claims.missing === undefined', expected: true },
      { condition: 'visitor.claims.missing.deeper.still', expected: false },
      { condition: '!visitor.claims.missing', expected: true },
      { condition: 'visitor.claims.nothing.property', expected: false },
      { condition: 'visitor.claims.seats.toFixed', expected: false },
      { condition: 'visitor.other', expected: false },
      // Unary operators.
      { condition: '!visitor.claims.admin', expected: false },
      { condition: '!!visitor.claims.plan', expected: true },
      { condition: '-visitor.claims.seats === -12', expected: true },
      { condition: '+visitor.claims.unsigned.count === 3', expected: true },
      { condition: '-visitor.claims.company === undefined', expected: true },
      // Equality: strict, loose between primitives, never between objects.
      { condition: 'visitor.claims.seats === 12', expected: true },
      { condition: 'visitor.claims.seats === "12"', expected: false },
      { condition: 'visitor.claims.seats == "12"', expected: true },
      { condition: 'visitor.claims.seats !== 12', expected: false },
      { condition: 'visitor.claims.seats != "12"', expected: false },
      { condition: 'visitor.claims.nothing == undefined', expected: true },
      { condition: 'visitor.claims.nothing === undefined', expected: false },
      { condition: 'visitor.claims.company == visitor.claims.company', expected: false },
      { condition: 'visitor.claims.company === visitor.claims.company', expected: false },
      { condition: 'visitor.claims.company !== visitor.claims.company', expected: true },
      { condition: 'visitor.claims.roles == "editor,billing"', expected: false },
      { condition: '[1] == 1', expected: false },
      // Order.
      { condition: 'visitor.claims.seats > 10', expected: true },
      { condition: 'visitor.claims.seats >= 12', expected: true },
      { condition: 'visitor.claims.seats < 12', expected: false },
      { condition: 'visitor.claims.seats <= 12', expected: true },
      { condition: 'visitor.claims.plan < "zzz"', expected: true },
      { condition: 'visitor.claims.unsigned.count > 2', expected: true },
      { condition: 'visitor.claims.missing < 1', expected: false },
      { condition: 'visitor.claims.company > 1', expected: false },
      // Arithmetic.
      { condition: 'visitor.claims.seats + 1 === 13', expected: true },
      { condition: 'visitor.claims.seats - 12', expected: false },
      { condition: 'visitor.claims.plan + "-plan" === "pro-plan"', expected: true },
      { condition: 'visitor.claims.roles + "" === "editor,billing"', expected: false },
      // Logic returns operands, short-circuits.
      { condition: 'visitor.claims.trial || visitor.claims.plan === "pro"', expected: true },
      { condition: 'visitor.claims.admin && visitor.claims.trial', expected: false },
      { condition: '(visitor.claims.missing || "fallback") === "fallback"', expected: true },
      { condition: '(visitor.claims.seats && "yes") === "yes"', expected: true },
      // Conditional.
      { condition: 'visitor.claims.admin ? visitor.claims.seats > 1 : false', expected: true },
      {
        condition: 'visitor.claims.trial ? true : visitor.claims.plan === "free"',
        expected: false,
      },
      // Arrays and the three methods.
      { condition: 'visitor.claims.roles.includes("billing")', expected: true },
      { condition: 'visitor.claims.roles.includes("owner")', expected: false },
      { condition: '["pro", "enterprise"].includes(visitor.claims.plan)', expected: true },
      { condition: '["free"].includes(visitor.claims.plan)', expected: false },
      { condition: '[1, 2, 3].includes(visitor.claims.company.size)', expected: true },
      { condition: 'visitor.claims.email.includes("@example")', expected: true },
      { condition: 'visitor.claims.email.endsWith("@example.com")', expected: true },
      { condition: 'visitor.claims.email.startsWith("ada")', expected: true },
      { condition: 'visitor.claims.email.startsWith("bob")', expected: false },
      { condition: 'visitor.claims.seats.includes(1)', expected: false },
      { condition: 'visitor.claims.roles.startsWith("editor")', expected: false },
      { condition: 'visitor.claims.missing.includes("x")', expected: false },
      { condition: 'visitor.claims.email.includes(visitor.claims.roles)', expected: false },
      // The example of GitBook's documentation.
      { condition: 'visitor.claims.plan == "pro" && visitor.claims.unsigned.beta', expected: true },
      {
        condition: 'visitor.claims.unsigned.language === "fr" && !visitor.claims.trial',
        expected: true,
      },
    ])
    .run(({ assert }, { condition, expected }) => {
      assert.strictEqual(holds(condition), expected)
    })

  test('nothing reaches a prototype: {condition}')
    .with([
      { condition: 'visitor.claims.__proto__' },
      { condition: 'visitor.claims["__proto__"]' },
      { condition: 'visitor.claims.constructor' },
      { condition: 'visitor.claims.constructor.constructor' },
      { condition: 'visitor.claims.toString' },
      { condition: 'visitor.claims.hasOwnProperty' },
      { condition: 'visitor.__proto__' },
      { condition: 'visitor.constructor' },
      { condition: 'visitor.claims.plan.constructor' },
      { condition: 'visitor.claims.roles.map' },
      { condition: 'visitor.claims.roles.__proto__' },
      { condition: 'visitor.claims.plan.toUpperCase() === "PRO"' },
      { condition: 'visitor.claims.constructor("return 1")' },
      { condition: 'visitor.claims.roles.constructor.constructor("return 1")()' },
      { condition: 'visitor.claims.roles["map"]' },
    ])
    .run(({ assert }, { condition }) => {
      assert.isFalse(holds(condition))
    })

  test('a claim named like a prototype member is an ordinary claim', ({ assert }) => {
    const claims = JSON.parse('{"__proto__": "own", "constructor": 1}')
    assert.isTrue(holds('visitor.claims["__proto__"] === "own"', { claims }))
    assert.isTrue(holds('visitor.claims.constructor === 1', { claims }))
  })

  test('a condition that does not parse or is not allowed never holds: {condition}')
    .with([
      { condition: 'visitor.claims.plan ===' },
      { condition: '((true)' },
      { condition: 'true; true' },
      { condition: 'process.exit(1)' },
      { condition: 'this' },
      { condition: 'visitor.claims.seats * 2' },
      { condition: 'visitor.claims.seats = 2' },
      { condition: 'new Date()' },
      { condition: 'globalThis' },
      { condition: `${'!'.repeat(40)}true` },
      { condition: `${'('.repeat(5000)}true${')'.repeat(5000)}` },
      { condition: `true || ${'"x"'.repeat(1000)}` },
    ])
    .run(({ assert }, { condition }) => {
      assert.isFalse(holds(condition))
    })

  test('the same condition gives each visitor their own answer (the parse is shared)', ({
    assert,
  }) => {
    const condition = 'visitor.claims.plan === "pro"'
    assert.isTrue(holds(condition, { claims: { plan: 'pro' } }))
    assert.isFalse(holds(condition, { claims: { plan: 'free' } }))
    assert.isFalse(holds(condition, { claims: {} }))
  })

  test('values no JSON claim holds do not make it throw', ({ assert }) => {
    const claims = { big: 10n, symbol: Symbol('s'), fn: () => true }
    assert.isFalse(holds('+visitor.claims.big', { claims }))
    assert.isFalse(holds('visitor.claims.symbol + ""', { claims }))
    assert.isFalse(holds('visitor.claims.fn()', { claims }))
    assert.isTrue(holds('visitor.claims.fn', { claims }))
  })
})
