import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'

export const GUIDE_MARKDOWN = 'Intro text\n\n## Install\n\nRun it.\n\n## Usage\n\nUse it.\n'

/**
 * A space whose current revision holds two pages (`guide` with the headings `install` and `usage`,
 * and `faq`), written through a change request that is then made the space's content, as a merge
 * would (the merge operation belongs to the change requests domain). The change request stays open
 * for its own discussions. By `caller`, or by a new admin.
 */
export async function spaceWithPages(client: ApiClient, caller?: Caller) {
  const admin = caller ?? (await createCaller())
  const space = await createSpace(client, admin, { title: 'Handbook' })
  const changeRequest = await createChangeRequest(client, admin, space.id, { subject: 'Pages' })
  const result = await applyChanges(client, admin, space.id, changeRequest.id, [
    {
      operation: 'insert_page',
      title: 'Guide',
      emoji: '1f4d8',
      document: { markdown: GUIDE_MARKDOWN },
    },
    { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions\n' } },
  ])
  const [guide, faq] = result.changes.map((change: any) => change.page.id as string)
  await publish(space.id, result.changeRequest.revision)
  return { admin, space, changeRequest: result.changeRequest, pages: { guide, faq } }
}

/**
 * A new admin's space with one comment by the admin (`markdown`), and a commenter of the
 * organization; `base` is the space's URL and `path` the comment's.
 */
export async function spaceComment(client: ApiClient, markdown: string) {
  const admin = await createCaller()
  const commenter = await createCaller({ organizationId: admin.organizationId, role: 'comment' })
  const space = await createSpace(client, admin)
  const base = `/v1/spaces/${space.id}`
  const comment = await postComment(client, admin, base, { body: { markdown } })
  return { admin, commenter, space, base, comment, path: `${base}/comments/${comment.id}` }
}

/** Makes `revisionId` the space's current content. */
export async function publish(spaceId: string, revisionId: string) {
  await db.from('spaces').where('id', spaceId).update({ revision_id: revisionId })
}

export async function postComment(
  client: ApiClient,
  caller: Caller,
  base: string,
  body: Record<string, unknown>
) {
  const response = await client.post(`${base}/comments`).bearerToken(caller.token).json(body)
  assertAnswer(response, 200)
  return response.body()
}

export async function postReply(
  client: ApiClient,
  caller: Caller,
  base: string,
  commentId: string,
  markdown: string
) {
  const response = await client
    .post(`${base}/comments/${commentId}/replies`)
    .bearerToken(caller.token)
    .json({ body: { markdown } })
  assertAnswer(response, 200)
  return response.body()
}

export async function updateComment(
  client: ApiClient,
  caller: Caller,
  path: string,
  body: Record<string, unknown>,
  status = 200
) {
  const response = await client.put(path).bearerToken(caller.token).json(body)
  assertAnswer(response, status)
  return response.body()
}

export async function listComments(
  client: ApiClient,
  caller: Caller,
  base: string,
  qs: Record<string, unknown> = {}
) {
  const response = await client.get(`${base}/comments`).qs(qs).bearerToken(caller.token)
  assertAnswer(response, 200)
  return response.body()
}

/** Every comments and reactions row of a space, to check that a refused request changed nothing. */
export async function snapshot(spaceId: string) {
  const comments = await db.from('comments').where('space_id', spaceId).orderBy('id')
  const reactions = await db
    .from('comment_reactions')
    .whereIn(
      'comment_id',
      comments.map((row) => row.id)
    )
    .orderBy(['comment_id', 'emoji', 'user_id'])
  return { comments, reactions }
}
