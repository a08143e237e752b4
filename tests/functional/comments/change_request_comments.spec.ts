import { test } from '@japa/runner'
import { bodyOf } from '#tests/helpers/requests'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest } from '../content/helpers.js'
import {
  GUIDE_MARKDOWN,
  listComments,
  postComment,
  postReply,
  publish,
  snapshot,
  spaceWithPages,
  updateComment,
} from './helpers.js'

test.group('Change request comments', (group) => {
  eachTestInTransaction(group)

  test('every operation on a change request, by id and by number', async ({ client, assert }) => {
    const { admin, space, changeRequest, pages } = await spaceWithPages(client)
    const base = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`
    const byNumber = `/v1/spaces/${space.id}/change-requests/${changeRequest.number}`

    const comment = await postComment(client, admin, base, {
      body: { markdown: 'Review this' },
      page: pages.guide,
      node: 'usage',
    })
    assert.equal(comment.target.changeRequest, changeRequest.id)
    assert.equal(comment.target.revision, changeRequest.revision)
    assert.deepEqual(comment.target.node, { id: 'usage', preview: 'Usage' })
    assert.deepInclude(comment.target.page, { id: pages.guide, outdated: false })
    assert.match(
      comment.urls.location,
      new RegExp(`/change-requests/${changeRequest.id}/comments/${comment.id}$`)
    )

    const read = await client.get(`${byNumber}/comments/${comment.id}`).bearerToken(admin.token)
    assertAnswer(read, 200)
    assert.equal(read.body().id, comment.id)

    const listed = await listComments(client, admin, byNumber)
    assert.deepEqual(
      listed.items.map((item: any) => item.id),
      [comment.id]
    )
    // The space's own list does not show it, nor its route find it.
    const { count } = await listComments(client, admin, `/v1/spaces/${space.id}`)
    assert.equal(count, 0)
    const viaSpace = await client
      .get(`/v1/spaces/${space.id}/comments/${comment.id}`)
      .bearerToken(admin.token)
    assertAnswer(viaSpace, 404)
    // Nor does another change request of the space.
    const other = await createChangeRequest(client, admin, space.id, { subject: 'Other' })
    const viaOther = await client
      .get(`/v1/spaces/${space.id}/change-requests/${other.id}/comments/${comment.id}`)
      .bearerToken(admin.token)
    viaOther.assertStatus(404)

    const reply = await postReply(client, admin, base, comment.id, 'Done')
    const formatted = await client
      .post(`${base}/comments/${comment.id}/replies`)
      .qs({ format: 'document' })
      .bearerToken(admin.token)
      .json({ body: { markdown: 'As a document' } })
    assertAnswer(formatted, 200)
    assert.equal(formatted.body().body.document.object, 'document')
    const replies = await client
      .get(`${base}/comments/${comment.id}/replies`)
      .bearerToken(admin.token)
    assertAnswer(replies, 200)
    assert.equal(replies.body().count, 2)
    const shownReply = await client
      .get(`${base}/comments/${comment.id}/replies/${reply.id}`)
      .bearerToken(admin.token)
    assertAnswer(shownReply, 200)
    await updateComment(client, admin, `${base}/comments/${comment.id}/replies/${reply.id}`, {
      addedReactions: ['🚀'],
    })
    const deletedReply = await client
      .delete(`${base}/comments/${comment.id}/replies/${reply.id}`)
      .bearerToken(admin.token)
    assertAnswer(deletedReply, 205)

    const resolved = await updateComment(client, admin, `${base}/comments/${comment.id}`, {
      resolved: true,
    })
    assert.equal(resolved.status, 'resolved')
    assert.equal(resolved.replies, 1)

    const deleted = await client.delete(`${base}/comments/${comment.id}`).bearerToken(admin.token)
    assertAnswer(deleted, 205)
    const comments = await listComments(client, admin, base)
    assert.equal(comments.count, 0)

    // Pages are looked up in the change request's head.
    await bodyOf(client, admin, 'post', `${base}/comments`, {
      json: { body: { markdown: 'x' }, page: 'AAAAAAAAAAAAAAAAAAAA' },
      status: 400,
    })
    await bodyOf(client, admin, 'get', `/v1/spaces/${space.id}/change-requests/999/comments`, {
      status: 404,
    })
  })

  test('counters: open comments of the change request and of the space', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await spaceWithPages(client)
    const spaceBase = `/v1/spaces/${space.id}`
    const crBase = `${spaceBase}/change-requests/${changeRequest.id}`
    const counts = async () => {
      const cr = await client.get(crBase).bearerToken(admin.token)
      cr.assertContract()
      const listed = await client
        .get(`${spaceBase}/change-requests`)
        .qs({ status: 'draft' })
        .bearerToken(admin.token)
      listed.assertContract()
      const spaceRead = await client.get(spaceBase).bearerToken(admin.token)
      spaceRead.assertContract()
      const spaces = await client
        .get(`/v1/orgs/${admin.organizationId}/spaces`)
        .bearerToken(admin.token)
      const inList = spaces.body().items.find((item: any) => item.id === space.id)
      assert.equal(listed.body().items[0].comments, cr.body().comments)
      assert.equal(inList.comments, spaceRead.body().comments)
      return { changeRequest: cr.body().comments, space: spaceRead.body().comments }
    }
    assert.deepEqual(await counts(), { changeRequest: 0, space: 0 })

    const first = await postComment(client, admin, crBase, { body: { markdown: 'One' } })
    const second = await postComment(client, admin, crBase, { body: { markdown: 'Two' } })
    await postReply(client, admin, crBase, first.id, 'Replies do not count')
    await postComment(client, admin, spaceBase, { body: { markdown: 'On the space' } })
    assert.deepEqual(await counts(), { changeRequest: 2, space: 1 })

    await updateComment(client, admin, `${crBase}/comments/${second.id}`, { resolved: true })
    assert.deepEqual(await counts(), { changeRequest: 1, space: 1 })
    await updateComment(client, admin, `${crBase}/comments/${second.id}`, { resolved: false })
    await client.delete(`${crBase}/comments/${first.id}`).bearerToken(admin.token)
    assert.deepEqual(await counts(), { changeRequest: 1, space: 1 })
  })

  test('a page changed by a later batch marks the comment outdated; a deleted page too', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pages } = await spaceWithPages(client)
    const crBase = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`
    const spaceBase = `/v1/spaces/${space.id}`
    const onGuide = await postComment(client, admin, crBase, {
      body: { markdown: 'Guide' },
      page: pages.guide,
      node: 'install',
    })
    const onFaq = await postComment(client, admin, crBase, {
      body: { markdown: 'FAQ' },
      page: pages.faq,
    })
    const onSpaceGuide = await postComment(client, admin, spaceBase, {
      body: { markdown: 'Live guide' },
      page: pages.guide,
    })

    // Retitling a page leaves its document alone: not outdated, and the title follows.
    const retitled = await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: pages.faq, title: 'Questions' },
    ])
    let listed = await listComments(client, admin, crBase, { order: 'asc' })
    assert.deepInclude(listed.items[1].target.page, {
      id: pages.faq,
      title: 'Questions',
      outdated: false,
    })

    const changed = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'update_page',
        page: pages.guide,
        document: { markdown: GUIDE_MARKDOWN + '\nMore.\n' },
      },
      { operation: 'delete_page', page: pages.faq },
    ])
    assert.notEqual(changed.changeRequest.revision, retitled.changeRequest.revision)
    listed = await listComments(client, admin, crBase, { order: 'asc' })
    const [guide, faq] = listed.items
    assert.equal(guide.id, onGuide.id)
    assert.deepInclude(guide.target.page, { id: pages.guide, title: 'Guide', outdated: true })
    // The heading is previewed from the document that was commented on.
    assert.deepEqual(guide.target.node, { id: 'install', preview: 'Install' })
    // A deleted page is described as it was when the comment was posted.
    assert.equal(faq.id, onFaq.id)
    assert.deepInclude(faq.target.page, {
      id: pages.faq,
      title: 'FAQ',
      path: 'faq',
      outdated: true,
    })

    // The space's comment follows the space's content, which has not moved yet.
    const live = await client
      .get(`${spaceBase}/comments/${onSpaceGuide.id}`)
      .bearerToken(admin.token)
    assert.isFalse(live.body().target.page.outdated)
    await publish(space.id, changed.changeRequest.revision)
    const after = await client
      .get(`${spaceBase}/comments/${onSpaceGuide.id}`)
      .bearerToken(admin.token)
    after.assertContract()
    assert.isTrue(after.body().target.page.outdated)
  })

  test('commenters: members who commented or replied, in that context only', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await spaceWithPages(client)
    const writer = await createCaller({ organizationId: admin.organizationId, role: 'comment' })
    const replier = await createCaller({ organizationId: admin.organizationId, role: 'comment' })
    const leaver = await createCaller({ organizationId: admin.organizationId, role: 'comment' })
    await createCaller({ organizationId: admin.organizationId, role: 'comment' })
    const spaceBase = `/v1/spaces/${space.id}`
    const crBase = `${spaceBase}/change-requests/${changeRequest.id}`

    const comment = await postComment(client, writer, spaceBase, { body: { markdown: 'Space' } })
    await postReply(client, replier, spaceBase, comment.id, 'Reply')
    await postComment(client, writer, spaceBase, { body: { markdown: 'Again' } })
    await postComment(client, leaver, spaceBase, { body: { markdown: 'Then left' } })
    await postComment(client, admin, crBase, { body: { markdown: 'CR' } })
    // Members who left the organization are not listed.
    await db.from('organization_members').where('user_id', leaver.user.id).delete()

    const ids = async (base: string, qs: Record<string, unknown> = {}) => {
      const response = await client.get(`${base}/commenters`).qs(qs).bearerToken(admin.token)
      assertAnswer(response, 200)
      return {
        ids: response
          .body()
          .items.map((item: any) => item.id)
          .sort(),
        body: response.body(),
      }
    }
    const inSpace = await ids(spaceBase)
    assert.deepEqual(inSpace.ids, [writer.user.id, replier.user.id].sort())
    assert.equal(inSpace.body.count, 2)
    assert.equal(inSpace.body.items[0].object, 'member')
    const commenters = await ids(crBase)
    assert.deepEqual(commenters.ids, [admin.user.id])
    const firstPage = await ids(spaceBase, { limit: 1 })
    assert.lengthOf(firstPage.ids, 1)
    const secondPage = await ids(spaceBase, { limit: 1, page: firstPage.body.next.page })
    assert.notDeepEqual(secondPage.ids, firstPage.ids)
    assert.notProperty(secondPage.body, 'next')
    const bad = await client.get(`${spaceBase}/commenters?limit=1001`).bearerToken(admin.token)
    assertAnswer(bad, 400)
  })

  test('refused writes in a change request change nothing', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await spaceWithPages(client)
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const base = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`
    const comment = await postComment(client, admin, base, { body: { markdown: 'Mine' } })
    const before = await snapshot(space.id)
    const json = { body: { markdown: 'x' } }
    for (const [method, url, body] of [
      ['post', `${base}/comments`, json],
      ['put', `${base}/comments/${comment.id}`, json],
      ['post', `${base}/comments/${comment.id}/replies`, json],
      ['delete', `${base}/comments/${comment.id}`, undefined],
    ] as const) {
      await bodyOf(client, reader, method, url, { json: body, status: 403 })
    }
    assert.deepEqual(await snapshot(space.id), before)
  })
})
