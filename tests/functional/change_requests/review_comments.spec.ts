import { test } from '@japa/runner'
import { bodyOf } from '#tests/helpers/requests'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { clientSpace } from '#tests/helpers/fixtures_change_requests'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { validateContract } from '#tests/helpers/contract'
import { reviewTeam, reviewSnapshot, testWithReviewTeam } from './review_helpers.js'

const PARAGRAPH_DOCUMENT = {
  object: 'document',
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Needs a summary', marks: [] }] }],
    },
  ],
}

async function read(
  client: ApiClient,
  caller: Caller,
  path: string,
  qs: Record<string, unknown> = {}
) {
  return bodyOf(client, caller, 'get', path, { qs })
}

/** The change request's reviews and comments as stored, to check that a refused review wrote nothing. */
async function snapshot(changeRequestId: string) {
  const comments = await db
    .from('comments')
    .where('change_request_id', changeRequestId)
    .orderBy('id')
  return JSON.stringify({ ...JSON.parse(await reviewSnapshot(changeRequestId)), comments })
}

test.group('Review comments', (group) => {
  group.tap((t) => t.tags(['@comments']))
  eachTestInTransaction(group)

  testWithReviewTeam(
    'a review with a markdown comment posts a comment of the change request, tied both ways',
    async ({ client, assert }, t) => {
      const review = await t.reviews.submit(t.reviewer, {
        status: 'approved',
        comment: { markdown: 'Looks **good**' },
      })
      const comment = review.comment
      assert.equal(comment.object, 'comment')
      assert.deepEqual(comment.body, { markdown: 'Looks **good**' })
      assert.equal(comment.postedBy.id, t.reviewer.user.id)
      assert.deepEqual(comment.target, {
        space: t.space.id,
        revision: t.changeRequest.revision,
        changeRequest: t.changeRequest.id,
        review: review.id,
      })
      assert.equal(comment.status, 'open')
      assert.deepInclude(comment.permissions, { view: true, edit: true, reply: true, delete: true })
      assert.match(
        comment.urls.location,
        new RegExp(`/change-requests/${t.changeRequest.id}/comments/${comment.id}$`)
      )

      const reviewRow = await db.from('change_request_reviews').where('id', review.id).first()
      assert.equal(reviewRow.comment_id, comment.id)
      const commentRow = await db.from('comments').where('id', comment.id).first()
      assert.equal(commentRow.review_id, review.id)
      assert.isNull(commentRow.parent_id)

      // The comment is one of the change request's, counted like any other open comment.
      const listed = await read(client, t.reader, `${t.base}/comments`)
      assert.deepEqual(
        listed.items.map((item: any) => item.id),
        [comment.id]
      )
      assert.equal(listed.items[0].target.review, review.id)
      const seen = await read(client, t.reader, t.base)
      assert.equal(seen.comments, 1)
      const shown = await read(client, t.reviewer, `${t.base}/comments/${comment.id}`)
      assert.deepEqual(shown, comment)

      // Reads carry it for the caller: a reader may neither edit nor reply.
      const asReader = await read(client, t.reader, review.urls.location)
      assert.deepEqual(asReader.comment.permissions, {
        view: true,
        edit: false,
        reply: false,
        delete: false,
      })
      assert.deepEqual({ ...asReader, comment: undefined }, { ...review, comment: undefined })

      // A review without a comment has none; a reply and a resolution show on the review's comment.
      const plain = await t.reviews.submit(t.admin, { status: 'changes-requested' })
      assert.notProperty(plain, 'comment')
      const reply = await client
        .post(`${t.base}/comments/${comment.id}/replies`)
        .bearerToken(t.editor.token)
        .json({ body: { markdown: 'Thanks' } })
      reply.assertStatus(200)
      await client
        .put(`${t.base}/comments/${comment.id}`)
        .bearerToken(t.editor.token)
        .json({ resolved: true })
      const list = await read(client, t.reader, `${t.base}/reviews`)
      assert.deepEqual(
        list.items.map((item: any) => item.id),
        [review.id, plain.id]
      )
      assert.equal(list.items[0].comment.replies, 1)
      assert.equal(list.items[0].comment.status, 'resolved')
      assert.notProperty(list.items[1], 'comment')
      const seenAfter = await read(client, t.reader, t.base)
      assert.equal(seenAfter.comments, 0, 'a resolved comment is no longer open')
    }
  )

  testWithReviewTeam(
    'a JSON document comment is stored as markdown; format=document shapes reads',
    async ({ client, assert }, t) => {
      const review = await t.reviews.submit(t.reviewer, {
        status: 'changes-requested',
        comment: { document: PARAGRAPH_DOCUMENT },
      })
      assert.deepEqual(review.comment.body, { markdown: 'Needs a summary\n' })
      const stored = await db.from('comments').where('id', review.comment.id).first()
      assert.equal(stored.body, 'Needs a summary\n')

      const shown = await read(client, t.reader, review.urls.location, { format: 'document' })
      assert.equal(shown.comment.body.document.object, 'document')
      assert.notProperty(shown.comment.body, 'markdown')
      const listed = await read(client, t.reader, `${t.base}/reviews`, { format: 'document' })
      assert.equal(listed.items[0].comment.body.document.object, 'document')
      const asMarkdown = await read(client, t.reader, `${t.base}/reviews`, { format: 'markdown' })
      assert.deepEqual(asMarkdown.items[0].comment.body, { markdown: 'Needs a summary\n' })
    }
  )

  testWithReviewTeam(
    'a deleted comment leaves its review without one',
    async ({ client, assert }, t) => {
      const review = await t.reviews.submit(t.reviewer, {
        status: 'approved',
        comment: { markdown: 'Fine' },
      })
      const deleted = await client
        .delete(`${t.base}/comments/${review.comment.id}`)
        .bearerToken(t.reviewer.token)
      deleted.assertStatus(205)
      const shown = await read(client, t.reader, review.urls.location)
      assert.notProperty(shown, 'comment')
      assert.equal(shown.status, 'approved')
      const stored = await db.from('change_request_reviews').where('id', review.id).first()
      assert.isNull(stored.comment_id)
      const seen = await read(client, t.reader, t.base)
      assert.equal(seen.comments, 0)
    }
  )

  test('bad comments are 400s naming the field; nothing is written')
    .with([
      { name: 'blank markdown', comment: { markdown: '  \n ' }, text: 'comment must not be empty' },
      {
        name: 'an empty document (GitBook\'s "Empty")',
        comment: {},
        text: 'comment must have either',
      },
      {
        name: 'markdown and a document',
        comment: { markdown: 'x', document: PARAGRAPH_DOCUMENT },
        text: 'comment',
      },
      {
        name: 'a document with no text',
        comment: { document: { object: 'document', nodes: [] } },
        text: 'comment',
      },
      {
        name: 'a malformed document',
        comment: { document: { object: 'nope' } },
        text: 'comment.document',
      },
      {
        name: 'too long',
        comment: { markdown: 'x'.repeat(20_001) },
        text: 'comment must not be greater than 20000',
      },
      { name: 'a string', comment: 'Looks good', text: 'comment' },
      { name: 'null', comment: null, text: 'comment' },
      { name: 'markdown not a string', comment: { markdown: 3 }, text: 'comment.markdown' },
    ])
    .run(async ({ client, assert }, { comment, text }) => {
      const t = await reviewTeam(client)
      const before = await snapshot(t.changeRequest.id)
      const response = await client
        .post(`${t.base}/reviews`)
        .bearerToken(t.reviewer.token)
        .json({ status: 'approved', comment })
      assertAnswer(response, 400)
      assert.include(response.body().error.message, text)
      assert.equal(await snapshot(t.changeRequest.id), before)
      assert.deepInclude(JSON.parse(before), { reviews: [], comments: [] })
    })

  testWithReviewTeam(
    'a comment at the limit is taken; refused reviewers write no comment',
    async ({ client, assert }, t) => {
      const before = await snapshot(t.changeRequest.id)
      // The author may not review their own change request; commenters may not review at all.
      for (const caller of [t.editor, t.commenter, t.reader]) {
        const response = await client
          .post(`${t.base}/reviews`)
          .bearerToken(caller.token)
          .json({ status: 'approved', comment: { markdown: 'Sneaky' } })
        assertAnswer(response, 403)
      }
      const outsider = await createCaller()
      const foreign = await client
        .post(`${t.base}/reviews`)
        .bearerToken(outsider.token)
        .json({ status: 'approved', comment: { markdown: 'Sneaky' } })
      assertAnswer(foreign, 404)
      assert.equal(await snapshot(t.changeRequest.id), before)

      const longest = '😀'.repeat(20_000)
      const review = await t.reviews.submit(t.reviewer, {
        status: 'approved',
        comment: { markdown: longest },
      })
      assert.equal(review.comment.body.markdown, longest)
    }
  )

  test('the GitBookAPI client submits and reads a review with a comment', async ({ assert }) => {
    const { member: reviewer, api, space } = await clientSpace('review')
    const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, {
      subject: 'Client',
    })
    const { data: review } = await gitbookClient(reviewer.token).spaces.submitChangeRequestReview(
      space.id,
      changeRequest.id,
      { status: 'approved' as any, comment: { markdown: 'Ship it' } }
    )
    validateContract(
      'POST',
      '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
      201,
      review
    )
    assert.equal(review.comment?.target.review, review.id)
    const { data: one } = await api.spaces.getChangeRequestReviewById(
      space.id,
      changeRequest.id,
      review.id
    )
    assert.equal(one.comment?.id, review.comment?.id)
    assert.deepEqual(one.comment?.body, { markdown: 'Ship it' })
  })
})
