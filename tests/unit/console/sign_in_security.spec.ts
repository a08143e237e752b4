import { test } from '@japa/runner'
import { trustedProxies } from '#config/app'
import { boundedInput } from '#console/middleware/bounded_flash_input_middleware'

test.group('TRUSTED_PROXIES', () => {
  test('unset trusts no peer; a list trusts its addresses and ranges only', ({ assert }) => {
    assert.isFalse(trustedProxies(undefined)('127.0.0.1', 0))
    assert.isFalse(trustedProxies(' , ')('10.0.0.1', 0))
    const trust = trustedProxies('10.0.0.0/8, 192.0.2.7,loopback')
    assert.isTrue(trust('10.1.2.3', 0))
    assert.isTrue(trust('192.0.2.7', 0))
    assert.isTrue(trust('127.0.0.1', 0))
    assert.isFalse(trust('192.0.2.8', 0))
    assert.isFalse(trust('203.0.113.9', 0))
  })
})

test.group('Flashed form input', () => {
  test('keeps short fields, never passwords, secrets or long values', ({ assert }) => {
    const kept = boundedInput({
      title: 'Handbook',
      password: 'hunter22',
      newPassword: 'x',
      clientSecret: 'y',
      body: 'x'.repeat(1001),
      tags: ['a', 'b'],
    })
    assert.deepEqual(kept, { title: 'Handbook', tags: ['a', 'b'] })
    const many = boundedInput(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'.repeat(900)]))
    )
    assert.isBelow(JSON.stringify(many).length, 4100)
  })
})
