import { test } from '@japa/runner'
import { nestingExceeds, parseJsonBody } from '#core/http/json_body'

test.group('JSON bodies', () => {
  test('nesting of {text} over {max}: {deeper}')
    .with([
      { text: '{"a":[[[1]]]}', max: 4, deeper: false },
      { text: '{"a":[[[1]]]}', max: 3, deeper: true },
      { text: '{"a":"[[[[[[","b":{}}', max: 2, deeper: false },
      { text: '{"a":"\\\\","b":[[[1]]]}', max: 2, deeper: true },
      { text: '{"a":"\\"[[[[","b":1}', max: 2, deeper: false },
      { text: '{"a":"\\\\\\"[[[["}', max: 1, deeper: false },
      { text: '{"unterminated":"[[[[', max: 1, deeper: false },
    ])
    .run(({ assert }, { text, max, deeper }) => {
      assert.equal(nestingExceeds(text, max), deeper)
    })

  test('a body nested 100,000 levels deep is refused without overflowing the stack', ({
    assert,
  }) => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000)
    assert.throws(() => parseJsonBody(text), 'JSON nested deeper than 512 levels')
  })

  test('prototype keys are dropped; an empty body is {}', ({ assert }) => {
    const parsed = parseJsonBody('{"__proto__":{"admin":true},"a":{"constructor":{"prototype":1}}}')
    assert.isUndefined(({} as any).admin)
    assert.deepEqual(JSON.parse(JSON.stringify(parsed)), { a: {} })
    assert.deepEqual(parseJsonBody(''), {})
  })

  test('only objects and arrays are bodies; malformed JSON is a 400', ({ assert }) => {
    assert.throws(() => parseJsonBody('"text"'), 'Invalid JSON, only supports object and array')
    assert.throws(() => parseJsonBody('{"a":'))
  })
})
