import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { spaceWithChangeRequest, sendMalformedJson } from '#tests/helpers/fixtures_change_requests'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer } from '#tests/helpers/guards'
import { createChangeRequest, createSpace } from '../content/helpers.js'
import { crUrl, getSpace, merge } from './merge_helpers.js'

const STATUSES = ['draft', 'open', 'archived'] as const
const ALLOWED: Record<string, string[]> = {
  draft: ['open', 'archived'],
  open: ['draft', 'archived'],
  archived: ['open', 'draft'],
}

test.group('PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}', (group) => {
  eachTestInTransaction(group)

  test('every status move: allowed ones apply, the same status is a no-op; counters follow', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const changeRequest = await createChangeRequest(client, admin, space.id)
        if (from !== 'draft') {
          const set = await client
            .patch(crUrl(space.id, changeRequest.id))
            .bearerToken(admin.token)
            .json({ status: from })
          set.assertStatus(200)
        }
        const before = await db.from('change_requests').where('id', changeRequest.id).first()
        const response = await client
          .patch(crUrl(space.id, changeRequest.id))
          .bearerToken(admin.token)
          .json({ status: to })
        assertAnswer(response, 200)
        assert.equal(response.body().status, to)
        const after = await db.from('change_requests').where('id', changeRequest.id).first()
        if (from === to) assert.deepEqual(after, before)
        else assert.isTrue(ALLOWED[from].includes(to))
      }
    }
    // 9 change requests, by final status: 3 draft, 3 open, 3 archived.
    const counted = await getSpace(client, admin, space.id)
    assert.equal(counted.changeRequestsDraft, 3)
    assert.equal(counted.changeRequestsOpen, 3)
    const listed = await client
      .get(`/v1/spaces/${space.id}/change-requests`)
      .qs({ status: 'archived' })
      .bearerToken(admin.token)
    assert.equal(listed.body().count, 3)
  })

  test('merged is reached only by merging, and never left', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await spaceWithChangeRequest(client, undefined, {
      subject: 'Kept',
    })
    const toMerged = await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'merged' })
    assertAnswer(toMerged, 400)
    assert.match(toMerged.body().error.message, /only by merging/)

    await merge(client, admin, space.id, changeRequest.id)
    const before = await db.from('change_requests').where('id', changeRequest.id).first()
    for (const status of STATUSES) {
      const response = await client
        .patch(crUrl(space.id, changeRequest.id))
        .bearerToken(admin.token)
        .json({ status })
      assertAnswer(response, 400)
      assert.match(response.body().error.message, /cannot move from merged/)
    }
    const same = await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'merged' })
    same.assertStatus(200)
    assert.deepEqual(await db.from('change_requests').where('id', changeRequest.id).first(), before)
    const counted = await getSpace(client, admin, space.id)
    assert.equal(counted.changeRequestsDraft + counted.changeRequestsOpen, 0)
  })

  test('a refused move names the allowed ones', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await spaceWithChangeRequest(client)
    await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'open' })
    const response = await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'merged' })
    response.assertStatus(400)
    assert.include(
      response.body().error.message,
      'status: A change request becomes merged only by merging it'
    )
    assert.include(response.body().error.message, 'can move from open to draft or archived')
    const archived = await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'archived' })
    archived.assertStatus(200)
    const again = await client
      .patch(crUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({ status: 'merged' })
    assert.include(again.body().error.message, 'can move from archived to open or draft')
  })

  test('subject: changed, trimmed, limited to 100 code points; bad input changes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await spaceWithChangeRequest(client, undefined, {
      subject: 'Old',
    })
    const url = crUrl(space.id, changeRequest.id)
    const renamed = await client
      .patch(url)
      .bearerToken(admin.token)
      .json({ subject: '  New subject  ', status: 'open' })
    assertAnswer(renamed, 200)
    assert.equal(renamed.body().subject, 'New subject')
    assert.equal(renamed.body().status, 'open')
    const emoji = await client
      .patch(url)
      .bearerToken(admin.token)
      .json({ subject: '😀'.repeat(100) })
    emoji.assertStatus(200)

    const before = await db.from('change_requests').where('id', changeRequest.id).first()
    const bad: [unknown, RegExp][] = [
      [{ subject: 'x'.repeat(101) }, /subject/],
      [{ subject: 42 }, /subject/],
      [{ subject: null }, /null/],
      [{ status: 'closed' }, /status/],
      [
        { status: 'draft', description: { object: 'document', nodes: [] } },
        /description.*not supported/,
      ],
      [{ links: [] }, /links.*not supported/],
    ]
    for (const [body, message] of bad) {
      const response = await client.patch(url).bearerToken(admin.token).json(body)
      assertAnswer(response, 400)
      assert.match(response.body().error.message, message)
    }
    const malformed = await sendMalformedJson(client, admin, 'patch', url, '{"subject": ')
    malformed.assertStatus(400)
    assert.deepEqual(await db.from('change_requests').where('id', changeRequest.id).first(), before)
  })

  test('editors and above; readers 403; unknown and foreign 404; token guards', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await spaceWithChangeRequest(client)
    const url = crUrl(space.id, changeRequest.id)
    for (const role of ['read', 'comment'] as const) {
      const member = await createCaller({ organizationId: admin.organizationId, role })
      const response = await client.patch(url).bearerToken(member.token).json({ status: 'open' })
      assertAnswer(response, 403)
    }
    const stranger = await createCaller()
    const strangerPatch = await client
      .patch(url)
      .bearerToken(stranger.token)
      .json({ status: 'open' })
    strangerPatch.assertStatus(404)
    const unknownPatch = await client
      .patch(crUrl(space.id, 'AAAAAAAAAAAAAAAAAAAA'))
      .bearerToken(admin.token)
      .json({})
    unknownPatch.assertStatus(404)
    const user = await User.findOrFail(admin.user.id)
    await assertTokenGuards(user, [
      { send: () => client.patch(url).json({ status: 'open' }), scope: 'space:write' },
    ])
    const row = await db.from('change_requests').where('id', changeRequest.id).first()
    assert.equal(row.status, 'draft')

    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    const byNumber = await client
      .patch(crUrl(space.id, changeRequest.number))
      .bearerToken(editor.token)
      .json({ status: 'open' })
    assertAnswer(byNumber, 200)
    assert.equal(byNumber.body().status, 'open')
  })
})
