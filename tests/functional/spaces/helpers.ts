import type { ApiClient } from '@japa/api-client'
import type { Caller } from '#tests/helpers/callers'

/**
 * Creation through the API, asserting the contract on the way.
 */
export async function createSpace(client: ApiClient, caller: Caller, body: Record<string, unknown> = {}) {
  const response = await client
    .post(`/v1/orgs/${caller.organizationId}/spaces`)
    .bearerToken(caller.token)
    .json({ title: 'Space', ...body })
  response.assertStatus(201)
  response.assertContract()
  return response.body()
}

export async function createCollection(client: ApiClient, caller: Caller, body: Record<string, unknown> = {}) {
  const response = await client
    .post(`/v1/orgs/${caller.organizationId}/collections`)
    .bearerToken(caller.token)
    .json({ title: 'Collection', ...body })
  response.assertStatus(201)
  response.assertContract()
  return response.body()
}
