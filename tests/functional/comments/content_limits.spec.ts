import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import {
  deepQuote,
  maxHealthStall,
  nestedBrackets,
  withLimitsLifted,
} from '#tests/helpers/markdown_fixtures'
import { createSpace } from '../content/helpers.js'
import { listComments, postComment, postReply, snapshot } from './helpers.js'

test.group('Comments: bodies within the content limits', (group) => {
  eachTestInTransaction(group)

  test('a hostile body is refused with a 400 naming the limit, and nothing is written', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const base = `/v1/spaces/${space.id}`
    const before = await snapshot(space.id)
    for (const [markdown, limit] of [
      [deepQuote(1500), 'Blockquote/list nesting deeper than 64 levels'],
      [nestedBrackets(2000), 'Link/bracket nesting deeper than 32 levels'],
    ]) {
      const response = await client
        .post(`${base}/comments`)
        .bearerToken(admin.token)
        .json({ body: { markdown } })
      assertAnswer(response, 400)
      assert.include(response.body().error.message, `body: ${limit}`)
    }
    assert.deepEqual(await snapshot(space.id), before)
  })

  test('a list holding a body stored over the limits answers 200 fast as documents', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const base = `/v1/spaces/${space.id}`
    const comment = await withLimitsLifted(() =>
      postComment(client, admin, base, { body: { markdown: deepQuote(1500) } })
    )
    await withLimitsLifted(() => postReply(client, admin, base, comment.id, nestedBrackets(2000)))

    const { result: listed, stallMs } = await maxHealthStall(() =>
      listComments(client, admin, base, { format: 'document' })
    )
    assert.isBelow(stallMs, 1000)
    assert.equal(listed.items[0].body.document.nodes[0].type, 'code')

    const replies = await client
      .get(`${base}/comments/${comment.id}/replies`)
      .qs({ format: 'document' })
      .bearerToken(admin.token)
    assertAnswer(replies, 200)
    assert.equal(replies.body().items[0].body.document.nodes[0].type, 'code')
  })

  test('long bodies are checked and converted in a worker thread, as in place', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const base = `/v1/spaces/${space.id}`
    const long = Array.from(
      { length: 300 },
      (_, i) => `Point ${i}: *see* [docs](https://example.com/${i}).`
    ).join('\n\n')
    assert.isAbove(long.length, 8000)
    await postComment(client, admin, base, { body: { markdown: long } })
    const listed = await listComments(client, admin, base, { format: 'document' })
    const { markdownToDocument } = await import('#content/markdown/document')
    assert.deepEqual(listed.items[0].body.document, markdownToDocument(long))

    const nested = Array.from({ length: 65 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')
    const response = await client
      .post(`${base}/comments`)
      .bearerToken(admin.token)
      .json({ body: { markdown: `${long}\n\n${nested}` } })
    assertAnswer(response, 400)
    assert.include(
      response.body().error.message,
      'body: Blockquote/list nesting deeper than 64 levels'
    )
  })
})
