import type { Assert } from '@japa/assert'
import { assertAnswer } from '#tests/helpers/guards'

/**
 * Reads a list two items a page and checks that it holds `ids` in that order (three of them: a
 * full first page with the total count and a `next` cursor, then a last page without one).
 */
export async function assertPagesThrough(
  { client, assert }: { client: any; assert: Assert },
  url: string,
  token: string,
  ids: string[]
) {
  const first = await client.get(url).qs({ limit: 2 }).bearerToken(token)
  assertAnswer(first, 200)
  const second = await client
    .get(url)
    .qs({ limit: 2, page: first.body().next.page })
    .bearerToken(token)
  assertAnswer(second, 200)
  assert.equal(first.body().count, ids.length)
  assert.deepEqual(
    [...first.body().items, ...second.body().items].map((item: any) => item.id),
    ids
  )
  assert.lengthOf(first.body().items, 2)
  assert.notProperty(second.body(), 'next')
}
