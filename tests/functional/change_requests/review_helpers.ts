import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TestContext } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import { bodyOf } from '#tests/helpers/requests'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { createChangeRequest, createSpace } from '../content/helpers.js'

/**
 * An admin, members of each role below review (reader, commenter, editor) and two reviewers, and a
 * space with a change request by the editor (its URL is `base`), and the reviews of that change
 * request.
 */
export async function reviewTeam(client: ApiClient) {
  const admin = await createCaller()
  const member = (role: 'read' | 'comment' | 'edit' | 'review') =>
    createCaller({ organizationId: admin.organizationId, role })
  const [reader, commenter, editor, reviewer, otherReviewer] = await Promise.all([
    member('read'),
    member('comment'),
    member('edit'),
    member('review'),
    member('review'),
  ])
  const space = await createSpace(client, admin)
  const changeRequest = await createChangeRequest(client, editor, space.id, { subject: 'Draft' })
  const team = { admin, reader, commenter, editor, reviewer, otherReviewer, space, changeRequest }
  return {
    ...team,
    base: `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`,
    reviews: reviewsOf(client, team),
  }
}

/**
 * The reviews of the team's change request (or of another change request of its space), bound to
 * its URL: `send` leaves the answer to the test, `submit` (a status or a whole body) expects a 201
 * with its location header.
 */
export function reviewsOf(
  client: ApiClient,
  t: { space: { id: string }; changeRequest: { id: string } },
  changeRequestId: string | number = t.changeRequest.id
) {
  const url = `/v1/spaces/${t.space.id}/change-requests/${changeRequestId}/reviews`
  const send = (caller: Caller, body: unknown) =>
    client.post(url).bearerToken(caller.token).json(body)
  return {
    url,
    send,
    async submit(caller: Caller, review: string | Record<string, unknown>) {
      const response = await send(caller, typeof review === 'string' ? { status: review } : review)
      assertAnswer(response, 201)
      response.assertHeader('location', response.body().urls.location)
      return response.body()
    },
    list: (caller: Caller, qs = {}) => bodyOf(client, caller, 'get', url, { qs }),
  }
}

export type ReviewTeam = Awaited<ReturnType<typeof reviewTeam>>

/** A test whose setup is a review team: `run` gets the test's context and the team. */
export function testWithReviewTeam(
  title: string,
  run: (context: TestContext, t: ReviewTeam) => Promise<void>
) {
  return test(title, async (context) => run(context, await reviewTeam(context.client)))
}

/**
 * What a refused request about reviews must leave alone: the change request's reviews, its
 * requested reviewers, its subject and update time (as JSON, to compare).
 */
export async function reviewSnapshot(changeRequestId: string) {
  const reviews = await db
    .from('change_request_reviews')
    .where('change_request_id', changeRequestId)
    .orderBy('id')
  const requested = await db
    .from('change_request_requested_reviewers')
    .where('change_request_id', changeRequestId)
    .orderBy('user_id')
  const changeRequest = await db
    .from('change_requests')
    .where('id', changeRequestId)
    .select('subject', 'updated_at')
    .first()
  return JSON.stringify({ reviews, requested, changeRequest })
}
