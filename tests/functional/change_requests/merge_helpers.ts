import type { ApiClient } from '@japa/api-client'
import { bodyOf } from '#tests/helpers/requests'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'

export const crUrl = (spaceId: string, changeRequestId: string | number) =>
  `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`

/** Ten numbered lines, with some of them replaced: `lines({2: 'two'})`. */
export function lines(replaced: Record<number, string> = {}) {
  return Array.from({ length: 10 }, (_, i) => replaced[i + 1] ?? `line ${i + 1}`).join('\n') + '\n'
}

export async function merge(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string
) {
  const merged = await bodyOf(client, caller, 'post', `${crUrl(spaceId, changeRequestId)}/merge`)
  return merged as { revision: string; result: 'merge' }
}

export async function update(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string
) {
  return bodyOf(client, caller, 'post', `${crUrl(spaceId, changeRequestId)}/update`)
}

export async function getChangeRequest(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string
) {
  return bodyOf(client, caller, 'get', crUrl(spaceId, changeRequestId))
}

export async function getSpace(client: ApiClient, caller: Caller, spaceId: string) {
  return bodyOf(client, caller, 'get', `/v1/spaces/${spaceId}`)
}

/** Markdown of a page of the space's current revision (or of a change request's head). */
export async function pageMarkdown(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  pageId: string,
  changeRequestId?: string
) {
  const base = changeRequestId
    ? `${crUrl(spaceId, changeRequestId)}/content`
    : `/v1/spaces/${spaceId}/content`
  const response = await client
    .get(`${base}/page/${pageId}`)
    .qs({ format: 'markdown' })
    .bearerToken(caller.token)
  assertAnswer(response, 200)
  return response.body().markdown as string
}

/** A change request with one batch applied; the new page ids by ref. */
export async function changeRequestWith(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changes: Record<string, unknown>[]
) {
  const changeRequest = await createChangeRequest(client, caller, spaceId)
  const applied = await applyChanges(client, caller, spaceId, changeRequest.id, changes)
  const refs: Record<string, string> = {}
  for (const change of applied.changes) if (change.ref) refs[change.ref] = change.page.id
  return { changeRequest: applied.changeRequest, refs }
}

/** Applies `changes` to the space through a change request, merged; the page ids by ref. */
export async function authorAndMerge(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changes: Record<string, unknown>[]
) {
  const { changeRequest, refs } = await changeRequestWith(client, caller, spaceId, changes)
  await merge(client, caller, spaceId, changeRequest.id)
  return refs
}

/**
 * A space whose current content holds the given pages (inserted by a merged change request);
 * the page ids by ref. By `given`, or by a new admin.
 */
export async function spaceWithPages(
  client: ApiClient,
  given: Caller | undefined,
  pages: Record<string, string>
) {
  const caller = given ?? (await createCaller())
  const space = await createSpace(client, caller)
  const { changeRequest, refs } = await changeRequestWith(
    client,
    caller,
    space.id,
    Object.entries(pages).map(([ref, markdown]) => ({
      operation: 'insert_page',
      ref,
      title: ref,
      document: { markdown },
    }))
  )
  await merge(client, caller, space.id, changeRequest.id)
  return { admin: caller, space: await getSpace(client, caller, space.id), pages: refs }
}

/** What a refused request must leave alone: the space's revision, the change request rows, the revisions. */
export async function snapshot(spaceId: string) {
  const space = await db.from('spaces').where('id', spaceId).select('revision_id').first()
  const changeRequests = await db
    .from('change_requests')
    .where('space_id', spaceId)
    .orderBy('number')
  const [revisions] = await db.from('revisions').where('space_id', spaceId).count('* as total')
  const [objects] = await db.from('content_objects').where('space_id', spaceId).count('* as total')
  return {
    space,
    changeRequests,
    revisions: Number(revisions.total),
    objects: Number(objects.total),
  }
}
