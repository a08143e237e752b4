import { test } from '@japa/runner'
import { assertAnswer, assertAnswers } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { SCOPES } from '#core/scopes'
import {
  adminAndMembers,
  spaceWithChangeRequest,
  sendMalformedJson,
} from '#tests/helpers/fixtures_change_requests'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { applyChanges, countObjects, createChangeRequest, createSpace } from '../content/helpers.js'

const crUrl = (spaceId: string) => `/v1/spaces/${spaceId}/change-requests`

async function setStatus(changeRequestId: string, status: string) {
  await db.from('change_requests').where('id', changeRequestId).update({ status })
}

async function list(
  client: any,
  caller: Caller,
  spaceId: string,
  qs: Record<string, unknown> = {}
) {
  const response = await client.get(crUrl(spaceId)).qs(qs).bearerToken(caller.token)
  assertAnswer(response, 200)
  return response.body()
}

test.group('POST /v1/spaces/{spaceId}/change-requests', (group) => {
  eachTestInTransaction(group)

  test('creates drafts numbered per space, with a Location header', async ({ client, assert }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const other = await createSpace(client, admin, { title: 'Other' })

    const response = await client
      .post(crUrl(space.id))
      .bearerToken(admin.token)
      .json({ subject: 'First', agentTaskId: 'task-42' })
    assertAnswer(response, 201)
    const first = response.body()
    assert.equal(response.header('location'), first.urls.location)
    assert.match(
      first.urls.location,
      new RegExp(`/v1/spaces/${space.id}/change-requests/${first.id}$`)
    )
    assert.equal(first.object, 'change-request')
    assert.equal(first.number, 1)
    assert.equal(first.status, 'draft')
    assert.equal(first.subject, 'First')
    assert.equal(first.space, space.id)
    assert.equal(first.revision, space.revision)
    assert.equal(first.revisionInitial, space.revision)
    assert.isFalse(first.outdated)
    assert.equal(first.createdBy.id, admin.user.id)
    const stored = await db.from('change_requests').where('id', first.id).first()
    assert.equal(stored.agent_task_id, 'task-42')

    // Subject is optional; numbering is per space.
    const second = await createChangeRequest(client, admin, space.id)
    assert.equal(second.number, 2)
    assert.equal(second.subject, '')
    const elsewhere = await createChangeRequest(client, admin, other.id)
    assert.equal(elsewhere.number, 1)
    const third = await createChangeRequest(client, admin, space.id, { subject: 'Third' })
    assert.equal(third.number, 3)
  })

  test('subject length counts characters: 100 emoji pass, 101 characters do not', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const emoji = '📘'.repeat(100)
    const ok = await createChangeRequest(client, admin, space.id, { subject: emoji })
    assert.equal(ok.subject, emoji)
    const tooLong = await client
      .post(crUrl(space.id))
      .bearerToken(admin.token)
      .json({ subject: 'a'.repeat(101) })
    assertAnswer(tooLong, 400)
    assert.include(tooLong.body().error.message, 'subject')
    const tooManyEmoji = await client
      .post(crUrl(space.id))
      .bearerToken(admin.token)
      .json({ subject: '📘'.repeat(101) })
    tooManyEmoji.assertStatus(400)
  })

  test('rejects wrong types and null subject', async ({ client, assert }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    for (const body of [
      { subject: 12 },
      { subject: null },
      { subject: ['x'] },
      { agentTaskId: 7 },
      { agentTaskId: '' },
    ]) {
      const response = await client.post(crUrl(space.id)).bearerToken(admin.token).json(body)
      assertAnswer(response, 400)
      assert.match(response.body().error.message, /subject|agentTaskId/)
    }
    const malformed = await sendMalformedJson(
      client,
      admin,
      'post',
      crUrl(space.id),
      '{"subject": '
    )
    assertAnswer(malformed, 400)
    assert.match(malformed.body().error.message, /JSON/i)
    const [row] = await db.from('change_requests').where('space_id', space.id).count('* as total')
    assert.equal(Number(row.total), 0)
  })
})

test.group('GET change requests', (group) => {
  eachTestInTransaction(group)

  test('gets by id and by number; unknown ids and numbers are 404', async ({ client, assert }) => {
    const {
      admin,
      space,
      changeRequest: created,
    } = await spaceWithChangeRequest(client, undefined, { subject: 'Lookup' })
    for (const key of [created.id, '1']) {
      const response = await client.get(`${crUrl(space.id)}/${key}`).bearerToken(admin.token)
      assertAnswer(response, 200)
      assert.equal(response.body().id, created.id)
      assert.isFalse(response.body().outdated)
      // The author does not review their own change request.
      assert.deepEqual(response.body().permissions, {
        view: true,
        edit: true,
        comment: true,
        merge: true,
        review: false,
      })
    }
    for (const key of ['2', 'AAAAAAAAAAAAAAAAAAAA', 'not an id', '0', '99999999999']) {
      const response = await client
        .get(`${crUrl(space.id)}/${encodeURIComponent(key)}`)
        .bearerToken(admin.token)
      assertAnswer(response, 404)
    }
  })

  test("another organization's space and its change requests are 404", async ({ client }) => {
    const admin = await createCaller()
    const stranger = await createCaller()
    const space = await createSpace(client, admin)
    const created = await createChangeRequest(client, admin, space.id)
    for (const request of [
      () => client.get(crUrl(space.id)).bearerToken(stranger.token),
      () => client.get(`${crUrl(space.id)}/${created.id}`).bearerToken(stranger.token),
      () => client.post(crUrl(space.id)).bearerToken(stranger.token).json({}),
      () =>
        client
          .post(`${crUrl(space.id)}/${created.id}/content`)
          .bearerToken(stranger.token)
          .json({
            changes: [{ operation: 'insert_page', title: 'X', document: { markdown: 'x' } }],
          }),
    ]) {
      const response = await request()
      assertAnswer(response, 404)
    }
    // A change request of one space is not found through another space.
    const mine = await createSpace(client, stranger)
    const cross = await client.get(`${crUrl(mine.id)}/${created.id}`).bearerToken(stranger.token)
    cross.assertStatus(404)
  })

  test('lists open change requests by default, as GitBook does', async ({ client, assert }) => {
    const {
      admin,
      space,
      changeRequest: draft,
    } = await spaceWithChangeRequest(client, undefined, { subject: 'Draft' })
    const opened = await createChangeRequest(client, admin, space.id, { subject: 'Opened' })
    await setStatus(opened.id, 'open')

    const byDefault = await list(client, admin, space.id)
    assert.deepEqual(
      byDefault.items.map((cr: any) => cr.id),
      [opened.id]
    )
    assert.equal(byDefault.count, 1)
    assert.notProperty(byDefault, 'next')

    const drafts = await list(client, admin, space.id, { status: 'draft' })
    assert.deepEqual(
      drafts.items.map((cr: any) => cr.id),
      [draft.id]
    )
    assert.isFalse(drafts.items[0].outdated)

    const none = await list(client, admin, space.id, { status: 'merged' })
    assert.equal(none.count, 0)

    for (const qs of [
      { status: 'closed' },
      { status: '' },
      { limit: 0 },
      { limit: 1001 },
      { limit: 'ten' },
      { page: 'forged' },
    ]) {
      const bad = await client.get(crUrl(space.id)).qs(qs).bearerToken(admin.token)
      assertAnswer(bad, 400)
    }
    const repeated = await client
      .get(`${crUrl(space.id)}?status=draft&status=open`)
      .bearerToken(admin.token)
    repeated.assertStatus(400)
    const forged = Buffer.from(JSON.stringify({ not: 'a cursor' })).toString('base64url')
    const forgedResponse = await client
      .get(crUrl(space.id))
      .qs({ status: 'draft', page: forged })
      .bearerToken(admin.token)
    assertAnswer(forgedResponse, 400)
  })

  test('filters by contributor: authors of a batch appear, readers do not', async ({
    client,
    assert,
  }) => {
    const {
      admin,
      members: [editor, reader],
    } = await adminAndMembers('edit', 'read')
    const space = await createSpace(client, admin)
    const authored = await createChangeRequest(client, admin, space.id, {
      subject: 'Authored by editor too',
    })
    const untouched = await createChangeRequest(client, admin, space.id, { subject: 'Admin only' })
    await applyChanges(client, editor, space.id, authored.id, [
      { operation: 'insert_page', title: 'By editor', document: { markdown: 'hello' } },
    ])
    const viewed = await client.get(`${crUrl(space.id)}/${untouched.id}`).bearerToken(reader.token)
    viewed.assertStatus(200)

    const byEditor = await list(client, admin, space.id, {
      status: 'draft',
      contributor: editor.user.id,
    })
    assert.deepEqual(
      byEditor.items.map((cr: any) => cr.id),
      [authored.id]
    )
    const byAdmin = await list(client, admin, space.id, {
      status: 'draft',
      contributor: admin.user.id,
    })
    assert.sameMembers(
      byAdmin.items.map((cr: any) => cr.id),
      [authored.id, untouched.id]
    )
    const byReader = await list(client, admin, space.id, {
      status: 'draft',
      contributor: reader.user.id,
    })
    assert.equal(byReader.count, 0)
    const byCreator = await list(client, admin, space.id, {
      status: 'draft',
      creator: editor.user.id,
    })
    assert.equal(byCreator.count, 0)
  })

  test('paginates with stable keyset cursors', async ({ client, assert }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const created = []
    for (let i = 0; i < 5; i++)
      created.push(await createChangeRequest(client, admin, space.id, { subject: `CR ${i}` }))

    const seen: string[] = []
    let page: string | undefined
    const first = await list(client, admin, space.id, { status: 'draft', limit: 2 })
    assert.equal(first.count, 5)
    assert.lengthOf(first.items, 2)
    seen.push(...first.items.map((cr: any) => cr.id))
    page = first.next.page

    // A change request created meanwhile (a higher number, listed first) neither shifts nor repeats.
    await createChangeRequest(client, admin, space.id, { subject: 'Late' })
    while (page) {
      const next = await list(client, admin, space.id, { status: 'draft', limit: 2, page })
      seen.push(...next.items.map((cr: any) => cr.id))
      page = next.next?.page
    }
    assert.deepEqual(seen, created.map((cr) => cr.id).reverse())
    // The same cursor gives the same page again.
    const again = await list(client, admin, space.id, {
      status: 'draft',
      limit: 2,
      page: first.next.page,
    })
    assert.deepEqual(
      again.items.map((cr: any) => cr.number),
      [3, 2]
    )
  })
})

test.group('change request roles and tokens', (group) => {
  eachTestInTransaction(group)

  test('read and comment members list and get but cannot create; edit members create and author', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest: existing } = await spaceWithChangeRequest(client)
    for (const role of ['read', 'comment'] as const) {
      const member = await createCaller({ organizationId: admin.organizationId, role })
      await list(client, member, space.id, { status: 'draft' })
      const got = await client
        .get(`${crUrl(space.id)}/${existing.number}`)
        .bearerToken(member.token)
      assertAnswer(got, 200)
      assert.isFalse(got.body().permissions.edit)
      assert.equal(got.body().permissions.comment, role === 'comment')
      const create = await client
        .post(crUrl(space.id))
        .bearerToken(member.token)
        .json({ subject: 'No' })
      assertAnswer(create, 403)
      const author = await client
        .post(`${crUrl(space.id)}/${existing.id}/content`)
        .bearerToken(member.token)
        .json({
          changes: [{ operation: 'insert_page', title: 'No', document: { markdown: 'no' } }],
        })
      assertAnswer(author, 403)
    }
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    const created = await createChangeRequest(client, editor, space.id, { subject: 'Yes' })
    assert.equal(created.number, 2)
    assert.isTrue(created.permissions.edit)
    assert.isFalse(created.permissions.merge)
    const [row] = await db.from('change_requests').where('space_id', space.id).count('* as total')
    assert.equal(Number(row.total), 2)
  })

  test('a locked space refuses new change requests and authoring', async ({ client, assert }) => {
    const { admin, space, changeRequest: existing } = await spaceWithChangeRequest(client)
    const locked = await client
      .patch(`/v1/spaces/${space.id}`)
      .bearerToken(admin.token)
      .json({ editMode: 'locked' })
    locked.assertStatus(200)
    const objects = await countObjects(space.id)

    const create = await client
      .post(crUrl(space.id))
      .bearerToken(admin.token)
      .json({ subject: 'Locked' })
    assertAnswer(create, 403)
    assert.match(create.body().error.message, /locked/)
    const author = await client
      .post(`${crUrl(space.id)}/${existing.id}/content`)
      .bearerToken(admin.token)
      .json({ changes: [{ operation: 'insert_page', title: 'No', document: { markdown: 'no' } }] })
    assertAnswer(author, 403)
    const got = await client.get(`${crUrl(space.id)}/${existing.id}`).bearerToken(admin.token)
    assertAnswer(got, 200)
    assert.isFalse(got.body().permissions.edit)
    assert.equal(got.body().revision, existing.revision)
    assert.equal(await countObjects(space.id), objects)
  })

  test('wrong tokens are 401; tokens without the scope are 403', async ({ client, assert }) => {
    const { admin, space, changeRequest: existing } = await spaceWithChangeRequest(client)
    const batch = {
      changes: [{ operation: 'insert_page', title: 'X', document: { markdown: 'x' } }],
    }
    const requests = [
      { send: () => client.get(crUrl(space.id)), scope: 'space:read' },
      { send: () => client.get(`${crUrl(space.id)}/${existing.id}`), scope: 'space:read' },
      { send: () => client.post(crUrl(space.id)).json({}), scope: 'space:write' },
      {
        send: () => client.post(`${crUrl(space.id)}/${existing.id}/content`).json(batch),
        scope: 'space:write',
      },
    ] as const
    for (const { send, scope } of requests) {
      assertAnswers([await send(), await send().bearerToken('gb_api_not-a-real-token')], 401)
      const others = SCOPES.filter((candidate) => candidate !== scope)
      const { value } = await User.accessTokens.create(admin.user, others)
      const token = value!.release()
      const scoped = await send().bearerToken(token)
      assertAnswer(scoped, 403)
    }
    const [row] = await db.from('change_requests').where('space_id', space.id).count('* as total')
    assert.equal(Number(row.total), 1)
    const after = await client.get(`${crUrl(space.id)}/${existing.id}`).bearerToken(admin.token)
    assert.equal(after.body().revision, existing.revision)
  })
})
