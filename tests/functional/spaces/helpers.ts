import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import type { Caller } from '#tests/helpers/callers'
import { roleAtLeast, type Role } from '#core/roles'

/**
 * Creation through the API, asserting the contract on the way.
 */
export async function createSpace(
  client: ApiClient,
  caller: Caller,
  body: Record<string, unknown> = {}
) {
  const response = await client
    .post(`/v1/orgs/${caller.organizationId}/spaces`)
    .bearerToken(caller.token)
    .json({ title: 'Space', ...body })
  assertAnswer(response, 201)
  return response.body()
}

export async function createCollection(
  client: ApiClient,
  caller: Caller,
  body: Record<string, unknown> = {}
) {
  const response = await client
    .post(`/v1/orgs/${caller.organizationId}/collections`)
    .bearerToken(caller.token)
    .json({ title: 'Collection', ...body })
  assertAnswer(response, 201)
  return response.body()
}

/**
 * The `permissions` of a Space and of a Collection for a caller whose effective role is `role`.
 */
export function spaceFlags(role: Role) {
  const admin = roleAtLeast(role, 'admin')
  return {
    view: true,
    access: true,
    admin,
    viewInviteLinks: admin,
    edit: roleAtLeast(role, 'edit'),
    triggerGitSync: admin,
    comment: roleAtLeast(role, 'comment'),
    merge: roleAtLeast(role, 'review'),
    review: roleAtLeast(role, 'review'),
    installIntegration: admin,
  }
}

export function collectionFlags(role: Role) {
  const admin = roleAtLeast(role, 'admin')
  return { view: true, admin, viewInviteLinks: admin, create: roleAtLeast(role, 'create') }
}
