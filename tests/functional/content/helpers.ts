import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { createSpace } from '../spaces/helpers.js'

export { createSpace }
export { PNG_1X1 } from '#tests/helpers/fixtures_content'

export async function createChangeRequest(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  body: Record<string, unknown> = {}
) {
  const response = await client
    .post(`/v1/spaces/${spaceId}/change-requests`)
    .bearerToken(caller.token)
    .json(body)
  assertAnswer(response, 201)
  return response.body()
}

/**
 * Applies an authoring batch with `compat=false` and returns the ChangeRequestContentUpdate.
 */
export async function applyChanges(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  changes: object[]
) {
  const response = await client
    .post(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`)
    .qs({ compat: false })
    .bearerToken(caller.token)
    .json({ changes })
  assertAnswer(response, 200)
  return response.body()
}

/** A new organization's admin and a space of theirs: where most content tests start. */
export async function adminSpace(client: ApiClient) {
  const admin = await createCaller()
  return { admin, space: await createSpace(client, admin) }
}

/** `adminSpace` with a change request open on the space (`body` sets its subject…). */
export async function openChangeRequest(client: ApiClient, body: Record<string, unknown> = {}) {
  const { admin, space } = await adminSpace(client)
  return { admin, space, changeRequest: await createChangeRequest(client, admin, space.id, body) }
}

/** How many content objects a space stores: what a refused or no-op write must leave unchanged. */
export async function countObjects(spaceId: string) {
  const [row] = await db.from('content_objects').where('space_id', spaceId).count('* as total')
  return Number(row.total)
}

/**
 * What a refused batch must leave as it was: the change request's head, the space's revisions and
 * its stored objects.
 */
export async function writtenState(spaceId: string, changeRequestId: string) {
  const { revision_id: revisionId } = await db
    .from('change_requests')
    .where('id', changeRequestId)
    .select('revision_id')
    .first()
  const [revisions] = await db.from('revisions').where('space_id', spaceId).count('* as total')
  return { revisionId, revisions: Number(revisions.total), objects: await countObjects(spaceId) }
}

/**
 * Fetches a file's `downloadURL` (a signed URL of this server, no token), checks the answer is a
 * 200 (served as `contentType` when given) and returns it.
 */
export async function download(client: ApiClient, downloadURL: string, contentType?: string) {
  const url = new URL(downloadURL)
  const response = await client.get(url.pathname + url.search)
  response.assertStatus(200)
  if (contentType !== undefined && response.header('content-type') !== contentType)
    throw new Error(`Expected ${contentType}, got ${response.header('content-type')}`)
  return response
}

/** Sections whose search full-text entries are still to be written (SQLite, migration 0028). */
export async function pendingFullText(): Promise<number> {
  const [row] = await db.from('search_fts_pending').count('* as n')
  return Number(row.n)
}
