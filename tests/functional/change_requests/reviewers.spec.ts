import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { sendMalformedJson } from '#tests/helpers/fixtures_change_requests'
import {
  createCaller,
  createMember,
  eachTestInTransaction,
  type Caller,
} from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer } from '#tests/helpers/guards'
import { bodyOf } from '#tests/helpers/requests'
import { applyChanges, createSpace } from '../content/helpers.js'
import { reviewTeam, testWithReviewTeam, reviewSnapshot } from './review_helpers.js'

const reviewersUrl = (spaceId: string, changeRequestId: string | number) =>
  `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/requested-reviewers`

async function requestReviewers(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string | number,
  body: Record<string, unknown>
) {
  return bodyOf(client, caller, 'post', reviewersUrl(spaceId, changeRequestId), { json: body })
}

async function listReviewers(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  qs = {}
) {
  return bodyOf(client, caller, 'get', reviewersUrl(spaceId, changeRequestId), { qs })
}

test.group('POST requested-reviewers', (group) => {
  eachTestInTransaction(group)

  testWithReviewTeam(
    'requests members, renames the change request, and lists them',
    async ({ client, assert }, t) => {
      const body = await requestReviewers(client, t.editor, t.space.id, t.changeRequest.id, {
        users: [t.reviewer.user.id, t.admin.user.id, t.reviewer.user.id],
        subject: '  Ready for review  ',
      })
      assert.deepEqual(Object.keys(body), ['users'])
      assert.deepEqual(
        body.users.map((r: any) => r.user.id),
        [t.reviewer.user.id, t.admin.user.id],
        'in the order given, once each'
      )
      for (const requested of body.users) {
        assert.equal(requested.object, 'change-request-requested-reviewer')
        assert.equal(requested.kind, 'user')
        assert.equal(requested.revision, t.changeRequest.revision)
        assert.equal(requested.requestedBy.id, t.editor.user.id)
        assert.equal(requested.requestedBy.email, t.editor.email)
      }

      const changeRequest = await client
        .get(`/v1/spaces/${t.space.id}/change-requests/${t.changeRequest.id}`)
        .bearerToken(t.reader.token)
      assert.equal(changeRequest.body().subject, 'Ready for review')

      // Readers list them; by number too.
      const listed = await listReviewers(
        client,
        t.reader,
        t.space.id,
        String(t.changeRequest.number)
      )
      assert.equal(listed.count, 2)
      assert.sameMembers(
        listed.items.map((r: any) => r.user.id),
        [t.reviewer.user.id, t.admin.user.id]
      )
      assert.notProperty(listed, 'next')

      // Without a subject the change request keeps its own.
      await requestReviewers(client, t.editor, t.space.id, t.changeRequest.id, {
        users: [t.commenter.user.id],
      })
      const after = await client
        .get(`/v1/spaces/${t.space.id}/change-requests/${t.changeRequest.id}`)
        .bearerToken(t.reader.token)
      assert.equal(after.body().subject, 'Ready for review')
    }
  )

  testWithReviewTeam(
    'asking again refreshes the request: requester, revision and time',
    async ({ client, assert }, t) => {
      const first = await requestReviewers(client, t.editor, t.space.id, t.changeRequest.id, {
        users: [t.reviewer.user.id],
      })
      await applyChanges(client, t.editor, t.space.id, t.changeRequest.id, [
        { operation: 'insert_page', title: 'New page', document: { markdown: 'Body' } },
      ])
      const reread = await client
        .get(`/v1/spaces/${t.space.id}/change-requests/${t.changeRequest.id}`)
        .bearerToken(t.admin.token)
      const head = reread.body()
      assert.notEqual(head.revision, t.changeRequest.revision)
      await new Promise((resolve) => setTimeout(resolve, 5))

      const again = await requestReviewers(client, t.admin, t.space.id, t.changeRequest.id, {
        users: [t.reviewer.user.id],
      })
      const refreshed = again.users[0]
      assert.equal(refreshed.requestedBy.id, t.admin.user.id)
      assert.equal(refreshed.revision, head.revision)
      assert.isAbove(Date.parse(refreshed.createdAt), Date.parse(first.users[0].createdAt))
      const listed = await listReviewers(client, t.admin, t.space.id, t.changeRequest.id)
      assert.equal(listed.count, 1)
      assert.deepEqual(listed.items[0], refreshed)
    }
  )

  testWithReviewTeam(
    'a guest with a grant on the space can be requested; disabled members cannot',
    async ({ client, assert }, t) => {
      const guest = await createMember(t.admin.organizationId, null)
      const unshared = await createMember(t.admin.organizationId, null)
      const invite = await client
        .post(`/v1/spaces/${t.space.id}/permissions`)
        .bearerToken(t.admin.token)
        .json({ role: 'read', users: [guest.user.id] })
      assert.oneOf(invite.status(), [200, 204])
      const body = await requestReviewers(client, t.editor, t.space.id, t.changeRequest.id, {
        users: [guest.user.id],
      })
      assert.equal(body.users[0].user.id, guest.user.id)

      const before = await reviewSnapshot(t.changeRequest.id)
      await db
        .from('organization_members')
        .where('organization_id', t.admin.organizationId)
        .where('user_id', t.reader.user.id)
        .update({ disabled: true })
      for (const userId of [unshared.user.id, t.reader.user.id]) {
        const refused = await client
          .post(reviewersUrl(t.space.id, t.changeRequest.id))
          .bearerToken(t.editor.token)
          .json({ users: [userId] })
        assertAnswer(refused, 400)
        assert.include(refused.body().error.message, userId)
      }
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
    }
  )

  test('bad bodies are 400s naming the field, and change nothing')
    .with([
      { name: 'users missing', body: { subject: 'x' }, field: 'users' },
      { name: 'users not an array', body: { users: 'abc' }, field: 'users' },
      { name: 'users null', body: { users: null }, field: 'users' },
      { name: 'users empty', body: { users: [] }, field: 'users' },
      { name: 'a user id that is a number', body: { users: [12] }, field: 'users' },
      { name: 'an empty user id', body: { users: [''] }, field: 'users' },
      {
        name: 'more than 50 users',
        body: { users: Array.from({ length: 51 }, (_, i) => `user${i}`) },
        field: 'users',
      },
      { name: 'a subject of 101 characters', body: { subject: 'a'.repeat(101) }, field: 'subject' },
      { name: 'a subject of 101 emoji', body: { subject: '📘'.repeat(101) }, field: 'subject' },
      { name: 'a numeric subject', body: { subject: 7 }, field: 'subject' },
      { name: 'a null subject', body: { subject: null }, field: 'subject' },
      {
        name: 'a description',
        body: { description: { object: 'document', data: {}, nodes: [] } },
        field: 'description',
      },
      {
        name: 'unknown user ids',
        body: { users: ['AAAAAAAAAAAAAAAAAAAA', 'not-an-id'] },
        field: 'AAAAAAAAAAAAAAAAAAAA',
      },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const t = await reviewTeam(client)
      const before = await reviewSnapshot(t.changeRequest.id)
      const payload =
        'users' in body || field === 'users' ? body : { users: [t.reviewer.user.id], ...body }
      const response = await client
        .post(reviewersUrl(t.space.id, t.changeRequest.id))
        .bearerToken(t.editor.token)
        .json(payload)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
    })

  testWithReviewTeam(
    "unknown users, another organization's users and the author are refused by name",
    async ({ client, assert }, t) => {
      const stranger = await createCaller()
      const before = await reviewSnapshot(t.changeRequest.id)
      const mixed = await client
        .post(reviewersUrl(t.space.id, t.changeRequest.id))
        .bearerToken(t.editor.token)
        .json({ users: [t.reviewer.user.id, stranger.user.id, 'AAAAAAAAAAAAAAAAAAAA'] })
      assertAnswer(mixed, 400)
      assert.include(mixed.body().error.message, stranger.user.id)
      assert.include(mixed.body().error.message, 'AAAAAAAAAAAAAAAAAAAA')
      assert.notInclude(mixed.body().error.message, t.reviewer.user.id)
      assert.notInclude(mixed.body().error.message, stranger.email)

      const author = await client
        .post(reviewersUrl(t.space.id, t.changeRequest.id))
        .bearerToken(t.admin.token)
        .json({ users: [t.editor.user.id], subject: 'Renamed' })
      assertAnswer(author, 400)
      assert.include(author.body().error.message, 'author')
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)

      const malformed = await sendMalformedJson(
        client,
        t.editor,
        'post',
        reviewersUrl(t.space.id, t.changeRequest.id),
        '{"users": ['
      )
      assertAnswer(malformed, 400)
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
    }
  )
})

test.group('requested reviewers: roles, states and ids', (group) => {
  eachTestInTransaction(group)

  testWithReviewTeam(
    'readers and commenters list but cannot change reviewers; editors, reviewers and admins can',
    async ({ client, assert }, t) => {
      const before = await reviewSnapshot(t.changeRequest.id)
      for (const caller of [t.reader, t.commenter]) {
        await listReviewers(client, caller, t.space.id, t.changeRequest.id)
        const post = await client
          .post(reviewersUrl(t.space.id, t.changeRequest.id))
          .bearerToken(caller.token)
          .json({ users: [t.reviewer.user.id] })
        assertAnswer(post, 403)
        const remove = await client
          .delete(`${reviewersUrl(t.space.id, t.changeRequest.id)}/${t.reviewer.user.id}`)
          .bearerToken(caller.token)
        assertAnswer(remove, 403)
      }
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
      for (const caller of [t.editor, t.reviewer, t.admin]) {
        await requestReviewers(client, caller, t.space.id, t.changeRequest.id, {
          users: [t.commenter.user.id],
        })
      }
      const listed = await listReviewers(client, t.reader, t.space.id, t.changeRequest.id)
      assert.equal(listed.items[0].requestedBy.id, t.admin.user.id)
    }
  )

  testWithReviewTeam(
    'removing answers 205, then 404; merged and archived change requests refuse changes',
    async ({ client, assert }, t) => {
      await requestReviewers(client, t.editor, t.space.id, t.changeRequest.id, {
        users: [t.reviewer.user.id, t.commenter.user.id],
      })
      const url = `${reviewersUrl(t.space.id, t.changeRequest.id)}/${t.reviewer.user.id}`
      const removed = await client.delete(url).bearerToken(t.editor.token)
      removed.assertStatus(205)
      assert.equal(removed.text(), '')
      const again = await client.delete(url).bearerToken(t.editor.token)
      assertAnswer(again, 404)
      for (const userId of [t.reader.user.id, 'AAAAAAAAAAAAAAAAAAAA', 'not an id']) {
        const missing = await client
          .delete(`${reviewersUrl(t.space.id, t.changeRequest.id)}/${encodeURIComponent(userId)}`)
          .bearerToken(t.editor.token)
        assertAnswer(missing, 404)
      }
      const listed = await listReviewers(client, t.editor, t.space.id, t.changeRequest.id)
      assert.deepEqual(
        listed.items.map((r: any) => r.user.id),
        [t.commenter.user.id]
      )

      for (const status of ['merged', 'archived']) {
        await db.from('change_requests').where('id', t.changeRequest.id).update({ status })
        const before = await reviewSnapshot(t.changeRequest.id)
        const post = await client
          .post(reviewersUrl(t.space.id, t.changeRequest.id))
          .bearerToken(t.admin.token)
          .json({ users: [t.reviewer.user.id], subject: 'Late' })
        assertAnswer(post, 403)
        assert.include(post.body().error.message, status)
        const remove = await client
          .delete(`${reviewersUrl(t.space.id, t.changeRequest.id)}/${t.commenter.user.id}`)
          .bearerToken(t.admin.token)
        assertAnswer(remove, 403)
        assert.equal(await reviewSnapshot(t.changeRequest.id), before)
        // Still listed.
        const { count } = await listReviewers(client, t.reader, t.space.id, t.changeRequest.id)
        assert.equal(count, 1)
      }
    }
  )

  testWithReviewTeam(
    "unknown change requests and another organization's are 404",
    async ({ client, assert }, t) => {
      const stranger = await createCaller()
      const strangerSpace = await createSpace(client, stranger)
      const before = await reviewSnapshot(t.changeRequest.id)
      const requests = [
        (id: string, spaceId = t.space.id, caller = t.admin) =>
          client.get(reviewersUrl(spaceId, id)).bearerToken(caller.token),
        (id: string, spaceId = t.space.id, caller = t.admin) =>
          client
            .post(reviewersUrl(spaceId, id))
            .bearerToken(caller.token)
            .json({ users: [t.reviewer.user.id] }),
        (id: string, spaceId = t.space.id, caller = t.admin) =>
          client
            .delete(`${reviewersUrl(spaceId, id)}/${t.reviewer.user.id}`)
            .bearerToken(caller.token),
      ]
      for (const send of requests) {
        for (const id of ['AAAAAAAAAAAAAAAAAAAA', '99', 'bad%20id']) {
          const response = await send(id)
          assertAnswer(response, 404)
        }
        // Another organization's caller, and a change request through another space.
        const foreign = await send(t.changeRequest.id, t.space.id, stranger)
        assertAnswer(foreign, 404)
        const cross = await send(t.changeRequest.id, strangerSpace.id, stranger)
        cross.assertStatus(404)
      }
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
    }
  )

  testWithReviewTeam(
    'lists paginate; limit 1001 and forged cursors are 400s',
    async ({ client, assert }, t) => {
      const users = [t.reader, t.commenter, t.reviewer, t.admin].map((caller) => caller.user.id)
      for (const userId of users) {
        await requestReviewers(client, t.editor, t.space.id, t.changeRequest.id, {
          users: [userId],
        })
      }
      const seen: string[] = []
      let page: string | undefined
      do {
        const body = await listReviewers(
          client,
          t.reader,
          t.space.id,
          t.changeRequest.id,
          page ? { limit: 3, page } : { limit: 3 }
        )
        assert.equal(body.count, 4)
        seen.push(...body.items.map((r: any) => r.user.id))
        page = body.next?.page
      } while (page)
      assert.deepEqual(seen, users, 'oldest request first')
      for (const qs of [{ limit: 1001 }, { limit: 0 }, { limit: 'many' }, { page: 'forged' }]) {
        const bad = await client
          .get(reviewersUrl(t.space.id, t.changeRequest.id))
          .qs(qs)
          .bearerToken(t.reader.token)
        assertAnswer(bad, 400)
      }
    }
  )

  testWithReviewTeam(
    'wrong tokens are 401; tokens without the scope are 403',
    async ({ client, assert }, t) => {
      await requestReviewers(client, t.editor, t.space.id, t.changeRequest.id, {
        users: [t.reviewer.user.id],
      })
      const before = await reviewSnapshot(t.changeRequest.id)
      const url = reviewersUrl(t.space.id, t.changeRequest.id)
      await assertTokenGuards(t.admin.user, [
        { send: () => client.get(url), scope: 'space:read' },
        {
          send: () => client.post(url).json({ users: [t.commenter.user.id] }),
          scope: 'space:write',
        },
        { send: () => client.delete(`${url}/${t.reviewer.user.id}`), scope: 'space:write' },
      ])
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
    }
  )
})
