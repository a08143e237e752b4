import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { authorSpace } from '#tests/helpers/authoring'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createChangeRequest, createSpace } from '../content/helpers.js'
import { ConsoleVisitor } from './console_visitor.js'

/** An admin's space with a page, an open change request, and a reader and a commenter of it. */
async function setUp(client: ApiClient) {
  const admin = await createCaller()
  const space = await createSpace(client, admin, { title: 'Handbook' })
  const authored = await authorSpace(admin.user.id, space.id, [
    { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nRead me.\n' } },
  ])
  const guideId = authored.revision.pages[0].node.id as string
  const changeRequest = await createChangeRequest(client, admin, space.id, { subject: 'Rewrite' })
  const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
  const commenter = await createCaller({ organizationId: admin.organizationId, role: 'comment' })
  const cr = `/console/spaces/${space.id}/change-requests/${changeRequest.id}`
  return {
    admin: await ConsoleVisitor.of(client, admin.user.id),
    reader: await ConsoleVisitor.of(client, reader.user.id),
    commenter: await ConsoleVisitor.of(client, commenter.user.id),
    space,
    guideId,
    cr,
  }
}

async function threads(visitor: ConsoleVisitor, path: string) {
  const page = await visitor.page(path)
  return page.props.discussion.threads as any[]
}

test.group('Console comments', (group) => {
  group.tap((t) => t.tags(['@console', '@comments']))
  eachTestInTransaction(group)

  test('a thread on a change request: comment, reply, reaction, resolve', async ({
    client,
    assert,
  }) => {
    const { admin, commenter, cr } = await setUp(client)
    await admin.page(cr)
    assert.equal(
      await admin.submitStatus('POST', `${cr}/comments`, { body: 'Looks **good**' }),
      302
    )
    assert.equal(await admin.notice(cr), 'Comment posted.')
    const [thread] = await threads(admin, cr)
    assert.equal(thread.author, admin.user.displayName || admin.user.email)
    assert.equal(thread.html, '<p>Looks <strong>good</strong></p>')
    assert.equal(thread.markdown, 'Looks **good**')
    assert.deepEqual(thread.can, {
      edit: true,
      delete: true,
      react: true,
      resolve: true,
      reply: true,
    })

    await commenter.page(cr)
    await commenter.submit('POST', `${cr}/comments/${thread.id}/replies`, { body: 'Agreed' })
    assert.equal(await commenter.notice(cr), 'Reply posted.')
    await commenter.submit('POST', `${cr}/comments/${thread.id}/reactions`, { emoji: '👍' })
    assert.equal(await commenter.notice(cr), 'You reacted with 👍.')
    await admin.page(cr)
    await admin.submit('POST', `${cr}/comments/${thread.id}/reactions`, { emoji: '👍' })
    let [shown] = await threads(admin, cr)
    assert.deepEqual(shown.reactions, [{ emoji: '👍', count: 2, mine: true }])
    // An admin of the space edits and deletes anyone's reply.
    assert.deepEqual(
      shown.replies.map((reply: any) => [
        reply.html,
        reply.author,
        reply.can.edit,
        reply.can.delete,
      ]),
      [['<p>Agreed</p>', commenter.user.displayName || commenter.user.email, true, true]]
    )
    // Toggling one's own reaction takes it back.
    await admin.submit('POST', `${cr}/comments/${thread.id}/reactions`, { emoji: '👍' })
    assert.equal(await admin.notice(cr), 'Reaction removed.')
    ;[shown] = await threads(commenter, cr)
    assert.deepEqual(shown.reactions, [{ emoji: '👍', count: 1, mine: true }])
    // A reaction on a reply.
    const replyId = shown.replies[0].id
    await commenter.submit('POST', `${cr}/comments/${thread.id}/replies/${replyId}/reactions`, {
      emoji: '🎉',
    })
    ;[shown] = await threads(commenter, cr)
    assert.deepEqual(shown.replies[0].reactions, [{ emoji: '🎉', count: 1, mine: true }])

    await admin.page(cr)
    await admin.submit('POST', `${cr}/comments/${thread.id}/resolution`, { resolved: true })
    assert.equal(await admin.notice(cr), 'Thread resolved.')
    ;[shown] = await threads(admin, cr)
    assert.equal(shown.status, 'resolved')
    await admin.submit('POST', `${cr}/comments/${thread.id}/resolution`, { resolved: false })
    assert.equal(await admin.notice(cr), 'Thread reopened.')
    ;[shown] = await threads(admin, cr)
    assert.equal(shown.status, 'open')
  })

  test('edit and delete own; another user’s comment is not editable', async ({
    client,
    assert,
  }) => {
    const { admin, commenter, cr } = await setUp(client)
    await commenter.page(cr)
    await commenter.submit('POST', `${cr}/comments`, { body: 'Mine' })
    await admin.page(cr)
    await admin.submit('POST', `${cr}/comments`, { body: 'The admin’s' })
    const [mine, theirs] = await threads(commenter, cr)
    assert.isTrue(mine.can.edit)
    assert.isFalse(theirs.can.edit)
    assert.isFalse(theirs.can.delete)
    assert.isFalse(theirs.can.resolve)

    await commenter.submit('PATCH', `${cr}/comments/${mine.id}`, { body: 'Mine, _edited_' })
    assert.equal(await commenter.notice(cr), 'Comment saved.')
    await commenter.submit('PATCH', `${cr}/comments/${theirs.id}`, { body: 'Hijacked' })
    assert.equal(
      await commenter.flashedError(cr, 'E_FORBIDDEN'),
      'Only its author or an admin of the space can edit this comment'
    )
    await commenter.submit('DELETE', `${cr}/comments/${theirs.id}`)
    assert.equal(
      await commenter.flashedError(cr, 'E_FORBIDDEN'),
      'Only its author or an admin of the space can delete this comment'
    )
    await commenter.submit('POST', `${cr}/comments/${theirs.id}/resolution`, { resolved: true })
    assert.equal(
      await commenter.flashedError(cr, 'E_FORBIDDEN'),
      'Only its author or an editor of the space can resolve this comment'
    )
    let shown = await threads(commenter, cr)
    assert.equal(shown[0].html, '<p>Mine, <em>edited</em></p>')
    assert.isNotNull(shown[0].editedAt)
    assert.equal(shown[1].markdown, 'The admin’s')
    assert.equal(shown[1].status, 'open')

    // A reply edited and deleted by its author; the thread deleted with its replies.
    await commenter.submit('POST', `${cr}/comments/${mine.id}/replies`, { body: 'First reply' })
    const [withReply] = await threads(commenter, cr)
    const replyId = withReply.replies[0].id
    await commenter.submit('PATCH', `${cr}/comments/${mine.id}/replies/${replyId}`, {
      body: 'Reworded',
    })
    const [reworded] = await threads(commenter, cr)
    assert.equal(reworded.replies[0].markdown, 'Reworded')
    await commenter.submit('DELETE', `${cr}/comments/${mine.id}/replies/${replyId}`)
    assert.equal(await commenter.notice(cr), 'Reply deleted.')
    await commenter.submit('DELETE', `${cr}/comments/${mine.id}`)
    assert.equal(await commenter.notice(cr), 'Comment deleted.')
    shown = await threads(commenter, cr)
    assert.deepEqual(
      shown.map((thread) => thread.id),
      [theirs.id]
    )
  })

  test('readers see threads but may not post, as the API decides', async ({ client, assert }) => {
    const { admin, reader, cr } = await setUp(client)
    await admin.page(cr)
    await admin.submit('POST', `${cr}/comments`, { body: 'Hello' })
    const page = await reader.page(cr)
    assert.isFalse(page.props.discussion.canComment)
    const [thread] = page.props.discussion.threads
    assert.deepEqual(thread.can, {
      edit: false,
      delete: false,
      react: false,
      resolve: false,
      reply: false,
    })
    await reader.submit('POST', `${cr}/comments`, { body: 'Me too' })
    assert.equal(
      await reader.flashedError(cr, 'E_FORBIDDEN'),
      'You need the comment role on this space to take part in discussions'
    )
    await reader.submit('POST', `${cr}/comments/${thread.id}/reactions`, { emoji: '👀' })
    assert.equal(
      await reader.flashedError(cr, 'E_FORBIDDEN'),
      'You need the comment role on this space to take part in discussions'
    )
    const stored = await db.from('comments').where('body', 'Me too').count('* as total')
    assert.equal(Number(stored[0].total), 0)
  })

  test('threads on a page of the space, shown on its page only', async ({ client, assert }) => {
    const { admin, space, guideId, cr } = await setUp(client)
    const pagePath = `/console/spaces/${space.id}/pages/${guideId}`
    await admin.page(pagePath)
    await admin.submit('POST', `/console/spaces/${space.id}/comments`, {
      body: 'On the guide',
      page: guideId,
    })
    assert.equal(await admin.notice(pagePath), 'Comment posted.')
    const page = await admin.page(pagePath)
    assert.deepEqual(page.props.discussion.scope, { spaceId: space.id })
    const [thread] = page.props.discussion.threads
    assert.deepEqual(thread.page, { id: guideId, title: 'Guide' })
    // The space's threads are not the change request's, and its ids are not found through it.
    assert.deepEqual(await threads(admin, cr), [])
    await admin.page(cr)
    assert.equal(
      await admin.submitStatus('PATCH', `${cr}/comments/${thread.id}`, { body: 'Moved' }),
      404
    )
    // An unknown page is refused in words.
    await admin.page(pagePath)
    await admin.submit('POST', `/console/spaces/${space.id}/comments`, {
      body: 'Nowhere',
      page: 'nosuchpage',
    })
    assert.match(await admin.flashedError(pagePath, 'E_BAD_REQUEST'), /No page with id/)
  })

  test('empty and over-long bodies are refused in plain words', async ({ client, assert }) => {
    const { admin, cr } = await setUp(client)
    await admin.page(cr)
    await admin.submit('POST', `${cr}/comments`, { body: '' })
    assert.equal(await admin.flashedError(cr, 'E_BAD_REQUEST'), 'Body is required.')
    await admin.submit('POST', `${cr}/comments`, { body: '   \n ' })
    assert.equal(await admin.flashedError(cr, 'E_BAD_REQUEST'), 'Body is required.')
    await admin.submit('POST', `${cr}/comments`, {})
    const errors = await admin.flashedErrors(cr)
    assert.equal(errors.body, 'Body is required.')
    await admin.submit('POST', `${cr}/comments`, { body: 'x'.repeat(20_001) })
    assert.equal(
      await admin.flashedError(cr, 'E_BAD_REQUEST'),
      'Body must be at most 20000 characters long.'
    )
    await admin.submit('POST', `${cr}/comments/whatever/reactions`, { emoji: 'abc' })
    assert.property(await admin.flashedErrors(cr), 'emoji')
    assert.deepEqual(await threads(admin, cr), [])
  })

  test('another organization’s ids are not found', async ({ client, assert }) => {
    const mine = await setUp(client)
    const other = await setUp(client)
    await mine.admin.page(other.cr)
    await mine.admin.submit('POST', `${mine.cr}/comments`, { body: 'Mine' })
    const [thread] = await threads(mine.admin, mine.cr)
    await other.admin.page(other.cr)
    // Another organization's change request, and a comment of another organization.
    const posted = await other.admin.submit('POST', `${mine.cr}/comments`, { body: 'Intruder' })
    assert.equal(posted.status, 404)
    const reacted = await other.admin.submit(
      'POST',
      `${other.cr}/comments/${thread.id}/reactions`,
      { emoji: '👍' }
    )
    assert.equal(reacted.status, 404)
    const deleted = await other.admin.submit('DELETE', `${other.cr}/comments/${thread.id}`)
    assert.equal(deleted.status, 404)
    assert.lengthOf(await threads(mine.admin, mine.cr), 1)
  })
})
