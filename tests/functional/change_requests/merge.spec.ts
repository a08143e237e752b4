import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer } from '#tests/helpers/guards'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'
import {
  changeRequestWith,
  crUrl,
  getChangeRequest,
  getSpace,
  lines,
  merge,
  pageMarkdown,
  snapshot,
  spaceWithPages,
  update,
} from './merge_helpers.js'

const editLine = (page: string, markdown: string) => [
  { operation: 'update_page', page, document: { markdown } },
]

/** Two pages, by ref. */
const ALPHA_BETA = { a: 'alpha\n', b: 'beta\n' }

test.group('POST .../change-requests/{id}/merge', (group) => {
  eachTestInTransaction(group)

  test('merges into the space: a new revision with both parents, made current, the change request merged', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithPages(client, undefined, { doc: lines() })
    const before = space.revision
    const { changeRequest, refs } = await changeRequestWith(client, admin, space.id, [
      ...editLine(pages.doc, lines({ 3: 'three' })),
      {
        operation: 'insert_page',
        ref: 'added',
        title: 'Added',
        document: { markdown: 'Zanzibar giraffes\n' },
      },
    ])

    const result = await merge(client, admin, space.id, changeRequest.id)
    assert.equal(result.result, 'merge')
    assert.notEqual(result.revision, before)
    assert.notEqual(result.revision, changeRequest.revision)

    const after = await getSpace(client, admin, space.id)
    assert.equal(after.revision, result.revision)
    const merged = await getChangeRequest(client, admin, space.id, changeRequest.id)
    assert.equal(merged.status, 'merged')
    assert.equal(merged.revisionMerged, result.revision)
    assert.equal(merged.mergedBy.id, admin.user.id)
    assert.isString(merged.mergedAt)
    assert.isFalse(merged.outdated)
    assert.isFalse(merged.permissions.merge)

    // The space did not move since the base: the result is the change request's content, in a new
    // revision whose parents are the space's previous revision and the change request's head.
    const revision = await client
      .get(`/v1/spaces/${space.id}/revisions/${result.revision}`)
      .bearerToken(admin.token)
    assertAnswer(revision, 200)
    assert.deepEqual(revision.body().parents, [before, changeRequest.revision])
    assert.equal(revision.body().type, 'merge')
    assert.equal(await pageMarkdown(client, admin, space.id, pages.doc), lines({ 3: 'three' }))
    assert.equal(await pageMarkdown(client, admin, space.id, refs.added), 'Zanzibar giraffes\n')

    // (Search following the merge: merge_concurrency.spec.ts, outside a test transaction, which
    // MySQL's full-text index needs.)

    // Merged again: refused, nothing changes.
    const again = await client
      .post(`${crUrl(space.id, changeRequest.id)}/merge`)
      .bearerToken(admin.token)
    assertAnswer(again, 409)
    assert.match(again.body().error.message, /already merged/)
    const current = await getSpace(client, admin, space.id)
    assert.equal(current.revision, result.revision)
  })

  test('THE scenario: different lines merge in either order; the same line conflicts until resolved', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithPages(client, undefined, { doc: lines() })

    // Two change requests from the same revision, editing lines 2 and 8 of one page.
    for (const order of [
      ['first', 'second'],
      ['second', 'first'],
    ]) {
      const current = await getSpace(client, admin, space.id)
      const start = await pageMarkdown(client, admin, space.id, pages.doc)
      const edits: Record<string, string> = {}
      const crs: Record<string, any> = {}
      for (const [name, line] of [
        ['first', 2],
        ['second', 8],
      ] as const) {
        edits[name] = `${name} edit of ${order.join('-')}`
        const replaced = start.split('\n')
        replaced[line - 1] = edits[name]
        const made = await changeRequestWith(
          client,
          admin,
          space.id,
          editLine(pages.doc, replaced.join('\n'))
        )
        crs[name] = made.changeRequest
        assert.equal(crs[name].revisionInitial, current.revision)
      }
      await merge(client, admin, space.id, crs[order[0]].id)
      const { outdated } = await getChangeRequest(client, admin, space.id, crs[order[1]].id)
      assert.isTrue(outdated)
      await merge(client, admin, space.id, crs[order[1]].id)
      const text = await pageMarkdown(client, admin, space.id, pages.doc)
      assert.include(text, edits.first)
      assert.include(text, edits.second)
      assert.equal(text.split('\n').length, start.split('\n').length)
    }

    // Both edit line 5: the second merge is a 409 naming the page, and nothing changes.
    const start = await pageMarkdown(client, admin, space.id, pages.doc)
    const withLine5 = (value: string) =>
      start
        .split('\n')
        .map((line, i) => (i === 4 ? value : line))
        .join('\n')
    const { changeRequest: winner } = await changeRequestWith(
      client,
      admin,
      space.id,
      editLine(pages.doc, withLine5('winner'))
    )
    const { changeRequest: loser } = await changeRequestWith(
      client,
      admin,
      space.id,
      editLine(pages.doc, withLine5('loser'))
    )
    await merge(client, admin, space.id, winner.id)
    const before = await snapshot(space.id)
    const refused = await client.post(`${crUrl(space.id, loser.id)}/merge`).bearerToken(admin.token)
    assertAnswer(refused, 409)
    assert.include(refused.body().error.message, pages.doc)
    assert.include(refused.body().error.message, '"doc"')
    assert.deepEqual(await snapshot(space.id), before)

    // Update: the change request takes the space's content, its page gets conflict markers.
    const updated = await update(client, admin, space.id, loser.id)
    assert.equal(updated.result, 'update')
    assert.deepEqual(updated.conflicts, [{ page: { id: pages.doc, title: 'doc', path: 'doc' } }])
    const marked = await pageMarkdown(client, admin, space.id, pages.doc, loser.id)
    assert.include(
      marked,
      ['<<<<<<< change request', 'loser', '=======', 'winner', '>>>>>>> space'].join('\n')
    )
    const afterUpdate = await getChangeRequest(client, admin, space.id, loser.id)
    assert.equal(afterUpdate.revision, updated.revision)
    const merged = await getSpace(client, admin, space.id)
    assert.equal(afterUpdate.revisionMergedAncestor, merged.revision)
    assert.isFalse(afterUpdate.outdated)
    assert.deepEqual(afterUpdate.conflicts, [
      { page: { id: pages.doc, title: 'doc', path: 'doc' } },
    ])
    const updateRevision = await client
      .get(`/v1/spaces/${space.id}/revisions/${updated.revision}`)
      .bearerToken(admin.token)
    assert.deepEqual(updateRevision.body().parents, [
      loser.revision,
      afterUpdate.revisionMergedAncestor,
    ])
    assert.equal(updateRevision.body().type, 'update')

    // Still 409 while the markers are there.
    const stillRefused = await client
      .post(`${crUrl(space.id, loser.id)}/merge`)
      .bearerToken(admin.token)
    stillRefused.assertStatus(409)
    assert.match(stillRefused.body().error.message, /conflict markers/)

    // An edit elsewhere leaves the page listed; resolving it clears the list.
    await applyChanges(client, admin, space.id, loser.id, [
      { operation: 'insert_page', title: 'Unrelated', document: { markdown: 'x\n' } },
    ])
    const { conflicts } = await getChangeRequest(client, admin, space.id, loser.id)
    assert.lengthOf(conflicts, 1)
    const resolved = withLine5('winner and loser')
    const cleared = await applyChanges(
      client,
      admin,
      space.id,
      loser.id,
      editLine(pages.doc, resolved)
    )
    assert.notProperty(cleared.changeRequest, 'conflicts')
    const row = await db.from('change_requests').where('id', loser.id).first()
    assert.isNull(row.conflicts)

    const done = await merge(client, admin, space.id, loser.id)
    const resolvedSpace = await getSpace(client, admin, space.id)
    assert.equal(resolvedSpace.revision, done.revision)
    assert.equal(await pageMarkdown(client, admin, space.id, pages.doc), resolved)
  })

  test('update with no space change writes nothing; update then merge', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithPages(client, undefined, ALPHA_BETA)
    const { changeRequest } = await changeRequestWith(
      client,
      admin,
      space.id,
      editLine(pages.a, 'alpha from cr\n')
    )
    const before = await snapshot(space.id)
    const nothing = await update(client, admin, space.id, changeRequest.id)
    assert.deepEqual(nothing, { revision: changeRequest.revision, result: 'update' })
    assert.deepEqual(await snapshot(space.id), before)
    assert.notProperty(
      await getChangeRequest(client, admin, space.id, changeRequest.id),
      'revisionMergedAncestor'
    )

    // The space moves (another change request edits page b).
    const { changeRequest: other } = await changeRequestWith(
      client,
      admin,
      space.id,
      editLine(pages.b, 'beta from space\n')
    )
    const moved = await merge(client, admin, space.id, other.id)
    const { outdated } = await getChangeRequest(client, admin, space.id, changeRequest.id)
    assert.isTrue(outdated)

    const updated = await update(client, admin, space.id, changeRequest.id)
    assert.notProperty(updated, 'conflicts')
    const current = await getChangeRequest(client, admin, space.id, changeRequest.id)
    assert.equal(current.revisionMergedAncestor, moved.revision)
    assert.equal(current.revisionInitial, changeRequest.revisionInitial)
    assert.isFalse(current.outdated)
    assert.equal(
      await pageMarkdown(client, admin, space.id, pages.b, changeRequest.id),
      'beta from space\n'
    )
    assert.equal(
      await pageMarkdown(client, admin, space.id, pages.a, changeRequest.id),
      'alpha from cr\n'
    )

    // The merge's ancestor is now the space's revision: a fast merge of the change request's content.
    const merged = await merge(client, admin, space.id, changeRequest.id)
    const revision = await client
      .get(`/v1/spaces/${space.id}/revisions/${merged.revision}`)
      .bearerToken(admin.token)
    assert.deepEqual(revision.body().parents, [moved.revision, updated.revision])
    assert.equal(await pageMarkdown(client, admin, space.id, pages.a), 'alpha from cr\n')
    assert.equal(await pageMarkdown(client, admin, space.id, pages.b), 'beta from space\n')
    const final = await getChangeRequest(client, admin, space.id, changeRequest.id)
    assert.equal(final.revisionMerged, merged.revision)
    assert.equal(final.revisionMergedAncestor, moved.revision)
  })

  test('a merge writes only the pages it changes', async ({ client, assert }) => {
    const admin = await createCaller()
    const seed: Record<string, string> = {}
    for (let i = 0; i < 20; i++) seed[`page${i}`] = `text of page ${i}\n`
    const { space, pages } = await spaceWithPages(client, admin, seed)
    const { changeRequest } = await changeRequestWith(
      client,
      admin,
      space.id,
      editLine(pages.page3, 'three\n')
    )

    const { changeRequest: other } = await changeRequestWith(
      client,
      admin,
      space.id,
      editLine(pages.page7, 'seven\n')
    )
    await merge(client, admin, space.id, other.id)
    const before = await snapshot(space.id)
    await merge(client, admin, space.id, changeRequest.id)
    const after = await snapshot(space.id)
    // One new root; the edited page's node is the change request's, stored already; one revision.
    assert.equal(after.objects - before.objects, 1)
    assert.equal(after.revisions - before.revisions, 1)
    assert.equal(await pageMarkdown(client, admin, space.id, pages.page3), 'three\n')
    assert.equal(await pageMarkdown(client, admin, space.id, pages.page7), 'seven\n')
  })

  test('deleted in the space but edited in the change request: 409, and update keeps the edited page', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithPages(client, undefined, ALPHA_BETA)
    const { changeRequest: editing } = await changeRequestWith(
      client,
      admin,
      space.id,
      editLine(pages.a, 'alpha edited\n')
    )
    const { changeRequest: deleting } = await changeRequestWith(client, admin, space.id, [
      { operation: 'delete_page', page: pages.a },
    ])
    await merge(client, admin, space.id, deleting.id)

    const refused = await client
      .post(`${crUrl(space.id, editing.id)}/merge`)
      .bearerToken(admin.token)
    refused.assertStatus(409)
    assert.match(
      refused.body().error.message,
      /deleted in the space but edited in the change request/
    )
    const updated = await update(client, admin, space.id, editing.id)
    assert.deepEqual(
      updated.conflicts.map((c: any) => c.page.id),
      [pages.a]
    )
    assert.equal(await pageMarkdown(client, admin, space.id, pages.a, editing.id), 'alpha edited\n')
    // No markers: the merge goes through and brings the page back.
    await merge(client, admin, space.id, editing.id)
    assert.equal(await pageMarkdown(client, admin, space.id, pages.a), 'alpha edited\n')
  })

  test('who may merge: review role and above; unknown and foreign ids are 404', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await spaceWithPages(client, undefined, { a: 'alpha\n' })
    const { changeRequest } = await changeRequestWith(client, admin, space.id, [
      { operation: 'insert_page', title: 'New', document: { markdown: 'new\n' } },
    ])
    const before = await snapshot(space.id)
    for (const role of ['read', 'comment', 'edit'] as const) {
      const member = await createCaller({ organizationId: admin.organizationId, role })
      const response = await client
        .post(`${crUrl(space.id, changeRequest.id)}/merge`)
        .bearerToken(member.token)
      assertAnswer(response, 403)
      const shown = await getChangeRequest(client, member, space.id, changeRequest.id)
      assert.isFalse(shown.permissions.merge)
    }
    const stranger = await createCaller()
    for (const action of ['merge', 'update']) {
      const foreign = await client
        .post(`${crUrl(space.id, changeRequest.id)}/${action}`)
        .bearerToken(stranger.token)
      assertAnswer(foreign, 404)
      assert.notInclude(JSON.stringify(foreign.body()), changeRequest.revision)
    }
    for (const id of ['AAAAAAAAAAAAAAAAAAAA', '999', 'not an id']) {
      const unknown = await client
        .post(`${crUrl(space.id, encodeURIComponent(id))}/merge`)
        .bearerToken(admin.token)
      assertAnswer(unknown, 404)
    }
    // Another space's change request through this space: 404.
    const otherSpace = await createSpace(client, admin, { title: 'Other' })
    const elsewhere = await createChangeRequest(client, admin, otherSpace.id)
    const crossed = await client
      .post(`${crUrl(space.id, elsewhere.id)}/merge`)
      .bearerToken(admin.token)
    crossed.assertStatus(404)
    assert.deepEqual(await snapshot(space.id), before)

    const user = await User.findOrFail(admin.user.id)
    await assertTokenGuards(user, [
      {
        send: () => client.post(`${crUrl(space.id, changeRequest.id)}/merge`),
        scope: 'change-request:merge',
      },
      {
        send: () => client.post(`${crUrl(space.id, changeRequest.id)}/update`),
        scope: 'space:write',
      },
    ])
    assert.deepEqual(await snapshot(space.id), before)

    const reviewer = await createCaller({ organizationId: admin.organizationId, role: 'review' })
    const { permissions } = await getChangeRequest(client, reviewer, space.id, changeRequest.id)
    assert.isTrue(permissions.merge)
    await merge(client, reviewer, space.id, changeRequest.number)
    const { mergedBy } = await getChangeRequest(client, admin, space.id, changeRequest.id)
    assert.equal(mergedBy.id, reviewer.user.id)
  })

  test('archived change requests are refused; who may update', async ({ client, assert }) => {
    const { admin, space } = await spaceWithPages(client, undefined, { a: 'alpha\n' })
    const { changeRequest } = await changeRequestWith(client, admin, space.id, [
      { operation: 'insert_page', title: 'New', document: { markdown: 'new\n' } },
    ])
    const archive = await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'archived' })
    archive.assertStatus(200)
    const before = await snapshot(space.id)
    const refused = await client
      .post(`${crUrl(space.id, changeRequest.id)}/merge`)
      .bearerToken(admin.token)
    assertAnswer(refused, 409)
    assert.match(refused.body().error.message, /archived/)
    const noUpdate = await client
      .post(`${crUrl(space.id, changeRequest.id)}/update`)
      .bearerToken(admin.token)
    noUpdate.assertStatus(403)
    assert.deepEqual(await snapshot(space.id), before)

    await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'open' })
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'comment' })
    const byReader = await client
      .post(`${crUrl(space.id, changeRequest.id)}/update`)
      .bearerToken(reader.token)
    assertAnswer(byReader, 403)
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    await update(client, editor, space.id, changeRequest.id)
  })
})
