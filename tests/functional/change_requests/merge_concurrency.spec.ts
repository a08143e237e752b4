import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller } from '#tests/helpers/callers'
import {
  changeRequestWith,
  crUrl,
  getSpace,
  lines,
  pageMarkdown,
  spaceWithPages,
} from './merge_helpers.js'

test.group('Merges under concurrency', () => {
  // No global transaction here: the merges must run in real transactions at once.
  test('merges posted at once into one space are serialized: every one lands', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    try {
      const { space, pages } = await spaceWithPages(client, admin, {
        a: 'alpha\n',
        b: 'beta\n',
        c: lines(),
      })
      const edits = [
        [
          {
            operation: 'update_page',
            page: pages.a,
            document: { markdown: 'alpha from one zanzibar\n' },
          },
        ],
        [{ operation: 'update_page', page: pages.b, document: { markdown: 'beta from two\n' } }],
        [
          {
            operation: 'update_page',
            page: pages.c,
            document: { markdown: lines({ 2: 'two from three' }) },
          },
        ],
        [
          {
            operation: 'update_page',
            page: pages.c,
            document: { markdown: lines({ 9: 'nine from four' }) },
          },
        ],
      ]
      const changeRequests = []
      for (const changes of edits) {
        const made = await changeRequestWith(client, admin, space.id, changes)
        changeRequests.push(made.changeRequest)
      }

      const responses = await Promise.all(
        changeRequests.map((changeRequest) =>
          client.post(`${crUrl(space.id, changeRequest.id)}/merge`).bearerToken(admin.token)
        )
      )
      for (const response of responses) {
        assertAnswer(response, 200)
      }
      assert.equal(
        await pageMarkdown(client, admin, space.id, pages.a),
        'alpha from one zanzibar\n'
      )
      // Search follows the merges.
      const search = await client
        .get(`/v1/spaces/${space.id}/search`)
        .qs({ query: 'zanzibar' })
        .bearerToken(admin.token)
      search.assertStatus(200)
      assert.deepEqual(
        search.body().items.map((item: any) => item.id),
        [pages.a]
      )
      assert.equal(await pageMarkdown(client, admin, space.id, pages.b), 'beta from two\n')
      assert.equal(
        await pageMarkdown(client, admin, space.id, pages.c),
        lines({ 2: 'two from three', 9: 'nine from four' })
      )

      // Each merge built on the one before: a chain whose first parents lead back to the start.
      const merged = new Set(responses.map((response) => response.body().revision))
      const revisions = await db
        .from('revisions')
        .whereIn('id', [...merged])
        .select('id', 'parent_id')
      const parents = new Set(revisions.map((revision) => revision.parent_id))
      assert.equal(parents.size, 4)
      assert.include([...parents], space.revision)
      const current = await getSpace(client, admin, space.id)
      assert.isTrue(merged.has(current.revision))
      assert.isFalse(parents.has(current.revision))
    } finally {
      await db.from('organizations').where('id', admin.organizationId).delete()
    }
  })
})
