import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { adminAndMembers } from '#tests/helpers/fixtures_change_requests'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer } from '#tests/helpers/guards'
import { createSpace } from '../content/helpers.js'
import { postComment, postReply, snapshot, spaceComment, updateComment } from './helpers.js'

test.group('Comments: update, reactions, resolution', (group) => {
  eachTestInTransaction(group)

  test('edits the body, resolves and reopens', async ({ client, assert }) => {
    const { admin, comment, path } = await spaceComment(client, 'First')

    const edited = await updateComment(client, admin, path, { body: { markdown: 'Second' } })
    assert.deepEqual(edited.body, { markdown: 'Second' })
    assert.isString(edited.editedAt)
    assert.equal(edited.postedAt, comment.postedAt)

    const resolved = await updateComment(client, admin, path, { resolved: true })
    assert.equal(resolved.status, 'resolved')
    assert.equal(resolved.resolvedBy.id, admin.user.id)
    assert.isString(resolved.resolvedAt)
    // Resolving again keeps when and by whom it was resolved.
    const again = await updateComment(client, admin, path, { resolved: true })
    assert.equal(again.resolvedAt, resolved.resolvedAt)

    const reopened = await updateComment(client, admin, path, { resolved: false })
    assert.equal(reopened.status, 'open')
    assert.notProperty(reopened, 'resolvedAt')
    assert.notProperty(reopened, 'resolvedBy')
    const row = await db.from('comments').where('id', comment.id).first()
    assert.isNull(row.resolved_at)
    assert.isNull(row.resolved_by_id)

    // An empty update changes nothing.
    const same = await updateComment(client, admin, path, {})
    assert.deepEqual(same, reopened)
  })

  test('reactions: one per user and emoji, counted, ordered by first reaction, removable', async ({
    client,
    assert,
  }) => {
    const { admin, commenter: other, space, path } = await spaceComment(client, 'React')

    await updateComment(client, admin, path, { addedReactions: ['👍'] })
    await updateComment(client, other, path, { addedReactions: ['🎉', '👍', '👍'] })
    // Adding twice is a no-op; removing one never given too.
    const twice = await updateComment(client, other, path, {
      addedReactions: ['👍'],
      removedReactions: ['❤️'],
    })
    assert.deepEqual(
      twice.reactions.map((reaction: any) => [
        reaction.emoji,
        reaction.count,
        reaction.users.map((u: any) => u.user.id),
      ]),
      [
        ['👍', 2, [admin.user.id, other.user.id]],
        ['🎉', 1, [other.user.id]],
      ]
    )
    assert.isString(twice.reactions[0].users[0].reactedAt)

    const removed = await updateComment(client, other, path, { removedReactions: ['👍', '🎉'] })
    assert.deepEqual(
      removed.reactions.map((reaction: any) => [reaction.emoji, reaction.count]),
      [['👍', 1]]
    )
    // Flags, skin tones, ZWJ sequences and keycaps are single emoji, each its own reaction (MySQL's
    // default collation would take any two emoji for the same).
    const singles = ['🇫🇷', '👍🏽', '👨‍👩‍👧‍👦', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '1️⃣', '❤️', '❤']
    const many = await updateComment(client, admin, path, { addedReactions: singles })
    const emoji = many.reactions.map((reaction: any) => reaction.emoji)
    assert.equal(emoji[0], '👍')
    assert.sameMembers(emoji.slice(1), singles)

    const before = await snapshot(space.id)
    for (const body of [
      { addedReactions: ['a'] },
      { addedReactions: ['👍👍'] },
      { addedReactions: ['👩🏽‍❤️‍💋‍👨🏿'] },
      { addedReactions: ['1'] },
      { addedReactions: [''] },
      { addedReactions: '👍' },
      { addedReactions: [5] },
      { addedReactions: Array.from({ length: 21 }, () => '👍') },
      { removedReactions: Array.from({ length: 21 }, () => '👍') },
      { addedReactions: ['👍'], removedReactions: ['👍'] },
      { resolved: 'yes' },
      { resolved: null },
      { body: { markdown: '' } },
      { body: 'text' },
    ]) {
      const response = await client.put(path).bearerToken(admin.token).json(body)
      assertAnswer(response, 400)
      assert.match(response.body().error.message, /Reactions|resolved|body|emoji|both/i)
    }
    assert.deepEqual(await snapshot(space.id), before)
  })

  test('replies: posted, listed oldest first, read, edited, reacted to and deleted', async ({
    client,
    assert,
  }) => {
    const { admin, commenter: writer, base, comment } = await spaceComment(client, 'Thread')
    const replies = [
      await postReply(client, writer, base, comment.id, 'One'),
      await postReply(client, admin, base, comment.id, 'Two'),
      await postReply(client, writer, base, comment.id, 'Three'),
    ]
    assert.equal(replies[0].object, 'comment-reply')
    assert.deepEqual(replies[0].body, { markdown: 'One' })
    assert.match(
      replies[0].urls.location,
      new RegExp(`/comments/${comment.id}/replies/${replies[0].id}$`)
    )
    assert.deepEqual(replies[0].permissions, { view: true, edit: true, reply: true, delete: true })

    const read = await client.get(`${base}/comments/${comment.id}`).bearerToken(writer.token)
    read.assertContract()
    assert.equal(read.body().replies, 3)
    assert.deepEqual(
      read.body().repliers.map((replier: any) => [replier.user.id, replier.count]),
      [
        [writer.user.id, 2],
        [admin.user.id, 1],
      ]
    )

    const seen: string[] = []
    let page: string | undefined
    do {
      const response = await client
        .get(`${base}/comments/${comment.id}/replies`)
        .qs({ limit: 2, ...(page ? { page } : {}) })
        .bearerToken(writer.token)
      assertAnswer(response, 200)
      assert.equal(response.body().count, 3)
      seen.push(...response.body().items.map((item: any) => item.id))
      page = response.body().next?.page
    } while (page)
    assert.deepEqual(
      seen,
      replies.map((reply) => reply.id)
    )

    const replyPath = `${base}/comments/${comment.id}/replies/${replies[0].id}`
    const got = await client.get(replyPath).qs({ format: 'document' }).bearerToken(writer.token)
    assertAnswer(got, 200)
    assert.equal(got.body().body.document.object, 'document')

    const edited = await updateComment(client, writer, replyPath, {
      body: { markdown: 'One, edited' },
      addedReactions: ['👀'],
    })
    assert.deepEqual(edited.body, { markdown: 'One, edited' })
    assert.isString(edited.editedAt)
    assert.deepEqual(
      edited.reactions.map((r: any) => [r.emoji, r.count]),
      [['👀', 1]]
    )

    // The commenter may not edit or delete the admin's reply; the admin may delete theirs.
    const adminReplyPath = `${base}/comments/${comment.id}/replies/${replies[1].id}`
    await updateComment(client, writer, adminReplyPath, { body: { markdown: 'Hijack' } }, 403)
    const refused = await client.delete(adminReplyPath).bearerToken(writer.token)
    assertAnswer(refused, 403)
    const deleted = await client.delete(replyPath).bearerToken(admin.token)
    assertAnswer(deleted, 205)
    const gone = await client.get(replyPath).bearerToken(admin.token)
    assertAnswer(gone, 404)
    assert.lengthOf(await db.from('comment_reactions').where('comment_id', replies[0].id), 0)
    const after = await client.get(`${base}/comments/${comment.id}`).bearerToken(admin.token)
    assert.equal(after.body().replies, 2)
    const stored = await db.from('comments').where('id', comment.id).first()
    assert.equal(stored.replies_count, 2)

    // Replies are not comments: their ids are not found as comments, nor under another comment.
    const other = await postComment(client, admin, base, { body: { markdown: 'Other' } })
    for (const path of [
      `${base}/comments/${replies[2].id}`,
      `${base}/comments/${other.id}/replies/${replies[2].id}`,
      `${base}/comments/${replies[2].id}/replies`,
    ]) {
      const response = await client.get(path).bearerToken(admin.token)
      assertAnswer(response, 404)
    }
    for (const body of [
      {},
      { body: { markdown: ' ' } },
      { body: { markdown: 'a'.repeat(20_001) } },
    ]) {
      const response = await client
        .post(`${base}/comments/${comment.id}/replies`)
        .bearerToken(writer.token)
        .json(body)
      assertAnswer(response, 400)
    }
    const tooMany = await client
      .get(`${base}/comments/${comment.id}/replies?limit=1001`)
      .bearerToken(admin.token)
    tooMany.assertStatus(400)
  })

  test('deleting a comment deletes its replies and reactions', async ({ client, assert }) => {
    const { admin, space, base, comment } = await spaceComment(client, 'Doomed')
    const kept = await postComment(client, admin, base, { body: { markdown: 'Kept' } })
    const reply = await postReply(client, admin, base, comment.id, 'Reply')
    await updateComment(client, admin, `${base}/comments/${comment.id}`, { addedReactions: ['👍'] })
    await updateComment(client, admin, `${base}/comments/${comment.id}/replies/${reply.id}`, {
      addedReactions: ['👍'],
    })

    const response = await client.delete(`${base}/comments/${comment.id}`).bearerToken(admin.token)
    assertAnswer(response, 205)
    const where = await db.from('comments').where('space_id', space.id)
    assert.deepEqual(
      where.map((row) => row.id),
      [kept.id]
    )
    assert.lengthOf(
      await db.from('comment_reactions').whereIn('comment_id', [comment.id, reply.id]),
      0
    )
    const again = await client.delete(`${base}/comments/${comment.id}`).bearerToken(admin.token)
    assertAnswer(again, 404)
    const spaceRead = await client.get(base).bearerToken(admin.token)
    assert.equal(spaceRead.body().comments, 1)
  })
})

test.group('Comments: roles and permissions', (group) => {
  eachTestInTransaction(group)

  test('readers read; commenters post, reply and react; authors and admins edit and delete', async ({
    client,
    assert,
  }) => {
    const {
      admin,
      members: [reader, writer, editor],
    } = await adminAndMembers('read', 'comment', 'edit')
    const space = await createSpace(client, admin)
    const base = `/v1/spaces/${space.id}`
    const mine = await postComment(client, writer, base, { body: { markdown: 'By the commenter' } })
    const admins = await postComment(client, admin, base, { body: { markdown: 'By the admin' } })
    const adminsReply = await postReply(client, admin, base, admins.id, 'Admin reply')
    const before = await snapshot(space.id)

    // Readers: see everything, may do nothing.
    const listed = await client.get(`${base}/comments`).bearerToken(reader.token)
    listed.assertStatus(200)
    for (const item of listed.body().items) {
      assert.deepEqual(item.permissions, { view: true, edit: false, reply: false, delete: false })
    }
    const refusals = [
      client
        .post(`${base}/comments`)
        .bearerToken(reader.token)
        .json({ body: { markdown: 'x' } }),
      client
        .post(`${base}/comments/${mine.id}/replies`)
        .bearerToken(reader.token)
        .json({ body: { markdown: 'x' } }),
      client
        .put(`${base}/comments/${mine.id}`)
        .bearerToken(reader.token)
        .json({ addedReactions: ['👍'] }),
      client
        .put(`${base}/comments/${admins.id}/replies/${adminsReply.id}`)
        .bearerToken(reader.token)
        .json({ addedReactions: ['👍'] }),
      client.put(`${base}/comments/${mine.id}`).bearerToken(reader.token).json({ resolved: true }),
      client.delete(`${base}/comments/${mine.id}`).bearerToken(reader.token),
      // Commenters: not someone else's body, resolution or deletion...
      client
        .put(`${base}/comments/${admins.id}`)
        .bearerToken(writer.token)
        .json({ body: { markdown: 'Hijack' } }),
      client
        .put(`${base}/comments/${admins.id}`)
        .bearerToken(writer.token)
        .json({ resolved: true }),
      // ... and a refused part refuses the whole request, the allowed reaction included.
      client
        .put(`${base}/comments/${admins.id}`)
        .bearerToken(writer.token)
        .json({ resolved: true, addedReactions: ['👍'] }),
      client.delete(`${base}/comments/${admins.id}`).bearerToken(writer.token),
      client
        .delete(`${base}/comments/${admins.id}/replies/${adminsReply.id}`)
        .bearerToken(writer.token),
      // Editors resolve, but neither edit nor delete someone else's comment.
      client
        .put(`${base}/comments/${mine.id}`)
        .bearerToken(editor.token)
        .json({ body: { markdown: 'Hijack' } }),
      client.delete(`${base}/comments/${mine.id}`).bearerToken(editor.token),
    ]
    for (const request of refusals) {
      const response = await request
      assertAnswer(response, 403)
    }
    assert.deepEqual(await snapshot(space.id), before)

    // Commenters: post, reply and react on anyone's; edit and resolve their own.
    await postReply(client, writer, base, admins.id, 'Commenter reply')
    const reacted = await updateComment(client, writer, `${base}/comments/${admins.id}`, {
      addedReactions: ['👍'],
    })
    assert.deepEqual(reacted.permissions, { view: true, edit: false, reply: true, delete: false })
    const own = await updateComment(client, writer, `${base}/comments/${mine.id}`, {
      body: { markdown: 'Edited' },
      resolved: true,
    })
    assert.equal(own.status, 'resolved')
    assert.deepEqual(own.permissions, { view: true, edit: true, reply: true, delete: true })

    // Editors resolve anyone's.
    const reopened = await updateComment(client, editor, `${base}/comments/${mine.id}`, {
      resolved: false,
    })
    assert.equal(reopened.status, 'open')
    assert.deepEqual(reopened.permissions, { view: true, edit: false, reply: true, delete: false })

    // Admins edit and delete anyone's.
    const moderated = await updateComment(client, admin, `${base}/comments/${mine.id}`, {
      body: { markdown: 'Moderated' },
    })
    assert.deepEqual(moderated.body, { markdown: 'Moderated' })
    assert.deepEqual(moderated.permissions, { view: true, edit: true, reply: true, delete: true })
    const deleted = await client.delete(`${base}/comments/${mine.id}`).bearerToken(admin.token)
    deleted.assertStatus(205)
  })

  test("unknown ids and another organization's or space's comments are 404", async ({
    client,
    assert,
  }) => {
    const { admin, space, base, comment } = await spaceComment(client, 'Here')
    const stranger = await createCaller()
    const sibling = await createSpace(client, admin, { title: 'Sibling' })
    const reply = await postReply(client, admin, base, comment.id, 'Reply')
    const before = await snapshot(space.id)

    const requests = [
      // Strangers do not learn that the space or the comment exist.
      () => client.get(`${base}/comments`).bearerToken(stranger.token),
      () => client.get(`${base}/comments/${comment.id}`).bearerToken(stranger.token),
      () =>
        client
          .post(`${base}/comments`)
          .bearerToken(stranger.token)
          .json({ body: { markdown: 'x' } }),
      () =>
        client
          .put(`${base}/comments/${comment.id}`)
          .bearerToken(stranger.token)
          .json({ addedReactions: ['👍'] }),
      () => client.delete(`${base}/comments/${comment.id}`).bearerToken(stranger.token),
      () => client.get(`${base}/comments/${comment.id}/replies`).bearerToken(stranger.token),
      () =>
        client
          .post(`${base}/comments/${comment.id}/replies`)
          .bearerToken(stranger.token)
          .json({ body: { markdown: 'x' } }),
      () =>
        client
          .delete(`${base}/comments/${comment.id}/replies/${reply.id}`)
          .bearerToken(stranger.token),
      () => client.get(`${base}/commenters`).bearerToken(stranger.token),
      // A comment of one space is not found through another.
      () => client.get(`/v1/spaces/${sibling.id}/comments/${comment.id}`).bearerToken(admin.token),
      () =>
        client
          .put(`/v1/spaces/${sibling.id}/comments/${comment.id}`)
          .bearerToken(admin.token)
          .json({ resolved: true }),
      () =>
        client.delete(`/v1/spaces/${sibling.id}/comments/${comment.id}`).bearerToken(admin.token),
      () =>
        client
          .get(`/v1/spaces/${sibling.id}/comments/${comment.id}/replies/${reply.id}`)
          .bearerToken(admin.token),
      // Unknown and malformed ids.
      () => client.get(`${base}/comments/AAAAAAAAAAAAAAAAAAAA`).bearerToken(admin.token),
      () => client.get(`${base}/comments/not-an-id`).bearerToken(admin.token),
      () =>
        client
          .put(`${base}/comments/AAAAAAAAAAAAAAAAAAAA`)
          .bearerToken(admin.token)
          .json({ resolved: true }),
      () =>
        client
          .post(`${base}/comments/AAAAAAAAAAAAAAAAAAAA/replies`)
          .bearerToken(admin.token)
          .json({ body: { markdown: 'x' } }),
      () =>
        client
          .get(`${base}/comments/${comment.id}/replies/AAAAAAAAAAAAAAAAAAAA`)
          .bearerToken(admin.token),
      () =>
        client
          .put(`${base}/comments/${comment.id}/replies/AAAAAAAAAAAAAAAAAAAA`)
          .bearerToken(admin.token)
          .json({}),
      () => client.get(`/v1/spaces/AAAAAAAAAAAAAAAAAAAA/comments`).bearerToken(admin.token),
    ]
    for (const request of requests) {
      const response = await request()
      assertAnswer(response, 404)
    }
    assert.deepEqual(await snapshot(space.id), before)
  })

  test('token guards: no token, wrong token, missing scope', async ({ client, assert }) => {
    const { admin, space, base, comment } = await spaceComment(client, 'Guarded')
    const reply = await postReply(client, admin, base, comment.id, 'Reply')
    const c = `${base}/comments/${comment.id}`
    const r = `${c}/replies/${reply.id}`
    const before = await snapshot(space.id)
    await assertTokenGuards(admin.user, [
      { send: () => client.get(`${base}/comments`), scope: 'space:read' },
      {
        send: () => client.post(`${base}/comments`).json({ body: { markdown: 'x' } }),
        scope: 'space:write',
      },
      { send: () => client.get(c), scope: 'space:read' },
      { send: () => client.put(c).json({ resolved: true }), scope: 'space:write' },
      { send: () => client.delete(c), scope: 'space:write' },
      { send: () => client.get(`${c}/replies`), scope: 'space:read' },
      {
        send: () => client.post(`${c}/replies`).json({ body: { markdown: 'x' } }),
        scope: 'space:write',
      },
      { send: () => client.get(r), scope: 'space:read' },
      { send: () => client.put(r).json({ addedReactions: ['👍'] }), scope: 'space:write' },
      { send: () => client.delete(r), scope: 'space:write' },
      { send: () => client.get(`${base}/commenters`), scope: 'space:read' },
    ])
    assert.deepEqual(await snapshot(space.id), before)
  })
})
