import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { committedGroup } from '#tests/helpers/fixtures_change_requests'
import { createSpace } from '../content/helpers.js'
import { postComment } from './helpers.js'

committedGroup('Comments under concurrency', (caller) => {
  test('replies posted and deleted at once keep the reply count true; a reaction sent twice at once is one', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const space = await createSpace(client, admin)
    const base = `/v1/spaces/${space.id}`
    const comment = await postComment(client, admin, base, { body: { markdown: 'Busy thread' } })
    const posted = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client
          .post(`${base}/comments/${comment.id}/replies`)
          .bearerToken(admin.token)
          .json({ body: { markdown: `Reply ${i}` } })
      )
    )
    for (const response of posted) response.assertStatus(200)
    const deleted = await Promise.all(
      posted
        .slice(0, 3)
        .map((response) =>
          client
            .delete(`${base}/comments/${comment.id}/replies/${response.body().id}`)
            .bearerToken(admin.token)
        )
    )
    for (const response of deleted) response.assertStatus(205)
    const reactions = await Promise.all(
      [1, 2, 3].map(() =>
        client
          .put(`${base}/comments/${comment.id}`)
          .bearerToken(admin.token)
          .json({ addedReactions: ['👍'] })
      )
    )
    for (const response of reactions) response.assertStatus(200)

    const read = await client.get(`${base}/comments/${comment.id}`).bearerToken(admin.token)
    assert.equal(read.body().replies, 5)
    const stored = await db.from('comments').where('id', comment.id).first()
    assert.equal(stored.replies_count, 5)
    assert.lengthOf(await db.from('comments').where('parent_id', comment.id), 5)
    assert.deepEqual(
      read.body().reactions.map((r: any) => [r.emoji, r.count]),
      [['👍', 1]]
    )
  })
})
