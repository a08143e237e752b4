import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import { requestContext, withRequestContext } from '#core/audit/request_context'

function contextOf(method: string) {
  return { request: { request: { method } } } as unknown as HttpContext
}

test.group('request context', () => {
  test('a request that may change something carries its context through awaits', async ({
    assert,
  }) => {
    const ctx = contextOf('POST')
    const seen = await withRequestContext(ctx, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return requestContext.getStore()
    })
    assert.strictEqual(seen, ctx)
  })

  test('reads do not enter it, and it is off again once no change is in flight', async ({
    assert,
  }) => {
    const read = await withRequestContext(contextOf('GET'), async () => {
      await Promise.resolve()
      return requestContext.getStore()
    })
    assert.isUndefined(read)

    // Two overlapping changes: the first to end leaves the other's context in place.
    const first = contextOf('PATCH')
    const second = contextOf('DELETE')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const slow = withRequestContext(second, async () => {
      await held
      return requestContext.getStore()
    })
    await withRequestContext(first, async () => requestContext.getStore())
    release()
    assert.strictEqual(await slow, second)
    // None in flight: the store is disabled (no promise hooks), and reads find nothing.
    assert.isUndefined(requestContext.getStore())
  })
})
