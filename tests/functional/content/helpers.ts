import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { assertAnswer } from '#tests/helpers/guards'
import type { Caller } from '#tests/helpers/callers'

export { createSpace } from '../spaces/helpers.js'

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
  changes: Record<string, unknown>[]
) {
  const response = await client
    .post(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`)
    .qs({ compat: false })
    .bearerToken(caller.token)
    .json({ changes })
  assertAnswer(response, 200)
  return response.body()
}

/** A 1×1 transparent PNG. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/** How many content objects a space stores: what a refused or no-op write must leave unchanged. */
export async function countObjects(spaceId: string) {
  const [row] = await db.from('content_objects').where('space_id', spaceId).count('* as total')
  return Number(row.total)
}
