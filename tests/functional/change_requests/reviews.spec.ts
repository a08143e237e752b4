import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { clientSpace, sendMalformedJson } from '#tests/helpers/fixtures_change_requests'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer } from '#tests/helpers/guards'
import { bodyOf } from '#tests/helpers/requests'
import { validateContract } from '#tests/helpers/contract'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'
import { reviewTeam, reviewsOf, testWithReviewTeam, reviewSnapshot } from './review_helpers.js'

const crUrl = (spaceId: string, changeRequestId: string | number) =>
  `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`
const reviewsUrl = (spaceId: string, changeRequestId: string | number) =>
  `${crUrl(spaceId, changeRequestId)}/reviews`

async function changeRequestOf(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string
) {
  return bodyOf(client, caller, 'get', crUrl(spaceId, changeRequestId))
}

test.group('POST reviews', (group) => {
  eachTestInTransaction(group)

  testWithReviewTeam(
    'a reviewer approves the head revision; a requested reviewer leaves the requested list',
    async ({ client, assert }, t) => {
      const requested = await client
        .post(`${crUrl(t.space.id, t.changeRequest.id)}/requested-reviewers`)
        .bearerToken(t.editor.token)
        .json({ users: [t.reviewer.user.id, t.otherReviewer.user.id] })
      requested.assertStatus(200)

      const review = await t.reviews.submit(t.reviewer, 'approved')
      assert.equal(review.object, 'change-request-review')
      assert.equal(review.status, 'approved')
      assert.equal(review.revision, t.changeRequest.revision)
      assert.equal(review.reviewer.id, t.reviewer.user.id)
      assert.equal(review.requestedBy.id, t.editor.user.id)
      assert.isFalse(review.outdated)
      assert.equal(review.createdAt, review.updatedAt)
      assert.match(
        review.urls.location,
        new RegExp(
          `/v1/spaces/${t.space.id}/change-requests/${t.changeRequest.id}/reviews/${review.id}$`
        )
      )
      assert.notProperty(review, 'comment')

      const remaining = await client
        .get(`${crUrl(t.space.id, t.changeRequest.id)}/requested-reviewers`)
        .bearerToken(t.reader.token)
      assert.deepEqual(
        remaining.body().items.map((r: any) => r.user.id),
        [t.otherReviewer.user.id]
      )

      // Unrequested reviews have no requestedBy; admins review too; by number as well.
      const unrequested = await reviewsOf(client, t, t.changeRequest.number).submit(
        t.admin,
        'changes-requested'
      )
      assert.notProperty(unrequested, 'requestedBy')
      assert.equal(unrequested.status, 'changes-requested')

      const shown = await client.get(review.urls.location).bearerToken(t.reader.token)
      assertAnswer(shown, 200)
      assert.deepEqual(shown.body(), review)
      const formatted = await client
        .get(review.urls.location)
        .qs({ format: 'markdown' })
        .bearerToken(t.reader.token)
      formatted.assertStatus(200)
    }
  )

  testWithReviewTeam(
    'roles: read, comment and edit members cannot review; the author cannot review their own',
    async ({ client, assert }, t) => {
      const before = await reviewSnapshot(t.changeRequest.id)
      for (const caller of [t.reader, t.commenter, t.editor]) {
        const response = await t.reviews.send(caller, { status: 'approved' })
        assertAnswer(response, 403)
        const { permissions: flags } = await changeRequestOf(
          client,
          caller,
          t.space.id,
          t.changeRequest.id
        )
        assert.isFalse(flags.review)
      }
      // The admin authors one of their own: 403, and the flag says so.
      const own = await createChangeRequest(client, t.admin, t.space.id, { subject: 'Mine' })
      assert.isFalse(own.permissions.review)
      const selfReview = await reviewsOf(client, t, own.id).send(t.admin, { status: 'approved' })
      assertAnswer(selfReview, 403)
      assert.include(selfReview.body().error.message, 'own')
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
      assert.include(await reviewSnapshot(own.id), '"reviews":[],"requested":[]')

      for (const caller of [t.reviewer, t.admin]) {
        const { permissions } = await changeRequestOf(
          client,
          caller,
          t.space.id,
          t.changeRequest.id
        )
        assert.isTrue(permissions.review)
        await t.reviews.submit(caller, 'approved')
      }
    }
  )

  testWithReviewTeam(
    'open and draft change requests take reviews; merged and archived ones do not',
    async ({ client, assert }, t) => {
      await db.from('change_requests').where('id', t.changeRequest.id).update({ status: 'open' })
      await t.reviews.submit(t.reviewer, 'approved')
      for (const status of ['merged', 'archived']) {
        await db.from('change_requests').where('id', t.changeRequest.id).update({ status })
        const before = await reviewSnapshot(t.changeRequest.id)
        const response = await t.reviews.send(t.admin, { status: 'approved' })
        assertAnswer(response, 403)
        assert.include(response.body().error.message, status)
        const { permissions } = await changeRequestOf(
          client,
          t.admin,
          t.space.id,
          t.changeRequest.id
        )
        assert.isFalse(permissions.review)
        assert.equal(await reviewSnapshot(t.changeRequest.id), before)
        // Reviews stay readable.
        const { count } = await t.reviews.list(t.reader)
        assert.equal(count, 1)
      }
    }
  )

  test('bad bodies are 400s naming the field, and change nothing')
    .with([
      { name: 'status missing', body: {}, field: 'status' },
      { name: 'an unknown status', body: { status: 'rejected' }, field: 'status' },
      { name: 'a numeric status', body: { status: 1 }, field: 'status' },
      { name: 'a null status', body: { status: null }, field: 'status' },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const t = await reviewTeam(client)
      const before = await reviewSnapshot(t.changeRequest.id)
      const response = await t.reviews.send(t.reviewer, body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
    })

  testWithReviewTeam('malformed JSON is a 400', async ({ client, assert }, t) => {
    const response = await sendMalformedJson(
      client,
      t.reviewer,
      'post',
      t.reviews.url,
      '{"status": '
    )
    assertAnswer(response, 400)
    assert.include(await reviewSnapshot(t.changeRequest.id), '"reviews":[],"requested":[]')
  })
})

test.group('GET reviews', (group) => {
  eachTestInTransaction(group)

  testWithReviewTeam(
    'a review is outdated once the head moves on or its reviewer reviews again; the filter agrees',
    async ({ client, assert }, t) => {
      const first = await t.reviews.submit(t.reviewer, 'changes-requested')
      const other = await t.reviews.submit(t.otherReviewer, 'approved')
      const second = await t.reviews.submit(t.reviewer, 'approved')

      const all = await t.reviews.list(t.reader)
      assert.deepEqual(
        all.items.map((r: any) => r.id),
        [first.id, other.id, second.id],
        'oldest first'
      )
      assert.deepEqual(
        all.items.map((r: any) => r.outdated),
        [true, false, false]
      )
      const current = await t.reviews.list(t.reader, {
        outdated: false,
      })
      assert.deepEqual(
        current.items.map((r: any) => r.id),
        [other.id, second.id]
      )
      assert.equal(current.count, 2)
      const outdated = await t.reviews.list(t.reader, {
        outdated: true,
      })
      assert.deepEqual(
        outdated.items.map((r: any) => r.id),
        [first.id]
      )

      // An authoring batch moves the head: every review is outdated.
      await applyChanges(client, t.editor, t.space.id, t.changeRequest.id, [
        { operation: 'insert_page', title: 'Later', document: { markdown: 'More' } },
      ])
      const afterBatch = await t.reviews.list(t.reader)
      assert.deepEqual(
        afterBatch.items.map((r: any) => r.outdated),
        [true, true, true]
      )
      const { count } = await t.reviews.list(t.reader, {
        outdated: 'false',
      })
      assert.equal(count, 0)
      const shown = await client.get(second.urls.location).bearerToken(t.reader.token)
      assert.isTrue(shown.body().outdated)

      // A review of the new head is current, on the new revision.
      const head = await changeRequestOf(client, t.reader, t.space.id, t.changeRequest.id)
      const fresh = await t.reviews.submit(t.otherReviewer, 'approved')
      assert.equal(fresh.revision, head.revision)
      assert.notEqual(fresh.revision, second.revision)
      const now = await t.reviews.list(t.reader, {
        outdated: false,
      })
      assert.deepEqual(
        now.items.map((r: any) => r.id),
        [fresh.id]
      )
    }
  )

  testWithReviewTeam('lists paginate; bad queries are 400s', async ({ client, assert }, t) => {
    const ids = []
    for (let i = 0; i < 5; i++) {
      const reviewer = i % 2 === 0 ? t.reviewer : t.otherReviewer
      const { id } = await t.reviews.submit(reviewer, 'approved')
      ids.push(id)
    }
    const seen: string[] = []
    let page: string | undefined
    do {
      const body = await t.reviews.list(t.reader, page ? { limit: 2, page } : { limit: 2 })
      assert.equal(body.count, 5)
      seen.push(...body.items.map((r: any) => r.id))
      page = body.next?.page
    } while (page)
    assert.deepEqual(seen, ids)
    for (const qs of [
      { limit: 1001 },
      { limit: 0 },
      { outdated: 'maybe' },
      { format: 'html' },
      { page: 'forged' },
    ]) {
      const bad = await client.get(t.reviews.url).qs(qs).bearerToken(t.reader.token)
      assertAnswer(bad, 400)
    }
    const repeated = await client
      .get(`${t.reviews.url}?outdated=true&outdated=false`)
      .bearerToken(t.reader.token)
    repeated.assertStatus(400)
  })

  testWithReviewTeam(
    "unknown reviews, other change requests' reviews and other organizations are 404",
    async ({ client }, t) => {
      const stranger = await createCaller()
      const strangerSpace = await createSpace(client, stranger)
      const review = await t.reviews.submit(t.reviewer, 'approved')
      const sibling = await createChangeRequest(client, t.editor, t.space.id, {
        subject: 'Sibling',
      })
      for (const url of [
        `${reviewsUrl(t.space.id, sibling.id)}/${review.id}`,
        `${t.reviews.url}/AAAAAAAAAAAAAAAAAAAA`,
        `${t.reviews.url}/not%20an%20id`,
        `${reviewsUrl(t.space.id, 'AAAAAAAAAAAAAAAAAAAA')}/${review.id}`,
        `${reviewsUrl(t.space.id, '99')}`,
      ]) {
        const response = await client.get(url).bearerToken(t.admin.token)
        assertAnswer(response, 404)
      }
      for (const [spaceId, send] of [
        [t.space.id, (url: string) => client.get(url)],
        [t.space.id, (url: string) => client.get(`${url}/${review.id}`)],
        [t.space.id, (url: string) => client.post(url).json({ status: 'approved' })],
        [strangerSpace.id, (url: string) => client.post(url).json({ status: 'approved' })],
      ] as const) {
        const response = await send(reviewsUrl(spaceId, t.changeRequest.id)).bearerToken(
          stranger.token
        )
        assertAnswer(response, 404)
      }
    }
  )

  testWithReviewTeam(
    'wrong tokens are 401; tokens without the scope are 403',
    async ({ client, assert }, t) => {
      const review = await t.reviews.submit(t.reviewer, 'approved')
      const before = await reviewSnapshot(t.changeRequest.id)
      const url = t.reviews.url
      await assertTokenGuards(t.admin.user, [
        { send: () => client.get(url), scope: 'space:read' },
        { send: () => client.get(`${url}/${review.id}`), scope: 'space:read' },
        { send: () => client.post(url).json({ status: 'approved' }), scope: 'space:write' },
      ])
      assert.equal(await reviewSnapshot(t.changeRequest.id), before)
    }
  )
})

test.group('GitBookAPI client: reviewers and reviews', (group) => {
  eachTestInTransaction(group)

  test('requests, lists and removes reviewers; submits, lists and reads reviews', async ({
    assert,
  }) => {
    const {
      admin,
      member: reviewer,
      api,
      memberApi: reviewerApi,
      space,
    } = await clientSpace('review')
    const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, {
      subject: 'Client',
    })

    const { data: requested } = await api.spaces.requestReviewersForChangeRequest(
      space.id,
      changeRequest.id,
      {
        users: [reviewer.user.id],
        subject: 'Please review',
      }
    )
    validateContract(
      'POST',
      '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
      200,
      requested
    )
    const { data: listed } = await api.spaces.getRequestedReviewersByChangeRequestId(
      space.id,
      changeRequest.id
    )
    assert.deepEqual(
      listed.items.map((r: any) => r.user.id),
      [reviewer.user.id]
    )
    const removed = await api.spaces.removeRequestedReviewerFromChangeRequest(
      space.id,
      changeRequest.id,
      reviewer.user.id
    )
    assert.equal(removed.status, 205)
    await api.spaces.requestReviewersForChangeRequest(space.id, changeRequest.id, {
      users: [reviewer.user.id],
    })

    const { data: review } = await reviewerApi.spaces.submitChangeRequestReview(
      space.id,
      changeRequest.id,
      {
        status: 'approved' as any,
      }
    )
    validateContract(
      'POST',
      '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
      201,
      review
    )
    assert.equal(review.requestedBy?.id, admin.user.id)
    const { data: reviews } = await api.spaces.getReviewsByChangeRequestId(
      space.id,
      changeRequest.id,
      { outdated: false }
    )
    assert.deepEqual(
      reviews.items.map((r: any) => r.id),
      [review.id]
    )
    const { data: one } = await api.spaces.getChangeRequestReviewById(
      space.id,
      changeRequest.id,
      review.id
    )
    assert.deepEqual(one, review)
    const { data: renamed } = await api.spaces.getChangeRequestById(space.id, changeRequest.id)
    assert.equal(renamed.subject, 'Please review')
  })
})
