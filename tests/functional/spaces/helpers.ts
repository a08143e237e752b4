import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import { apiAs } from '#tests/helpers/api_as'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { Settings } from 'luxon'
import { roleAtLeast, type Role } from '#core/roles'

/**
 * The two kinds of content container: a Space and a Collection share their routes' shape, their
 * roles and most of their rules, so the tests of what they share are one table over both.
 */
export const KINDS = {
  space: { path: 'spaces', table: 'spaces', title: 'Space' },
  collection: { path: 'collections', table: 'collections', title: 'Collection' },
} as const
export type Kind = keyof typeof KINDS

/**
 * Creation through the API, asserting the contract on the way.
 */
export async function create(
  kind: Kind,
  client: ApiClient,
  caller: Caller,
  body: Record<string, unknown> = {}
) {
  const { path, title } = KINDS[kind]
  const response = await apiAs(client, caller).post(`/v1/orgs/${caller.organizationId}/${path}`, {
    title,
    ...body,
  })
  assertAnswer(response, 201)
  return response.body()
}

export const createSpace = create.bind(null, 'space')
export const createCollection = create.bind(null, 'collection')

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

/**
 * Luxon's clock (the one the server reads) stopped `days` after the moment `stopClock` was called;
 * it runs again when the test ends.
 */
export function stopClock(cleanup: (fn: () => void) => void) {
  const start = Date.now()
  cleanup(() => {
    Settings.now = () => Date.now()
  })
  return {
    daysLater(days: number) {
      const at = start + days * 24 * 3600 * 1000
      Settings.now = () => at
    },
  }
}

/**
 * The setup of a transfer: `admin` of their organization, and `second`, the admin of another one
 * where `admin` also has `role` (none when null).
 */
export async function adminOfTwo(role: Role | null = 'admin') {
  const admin = await createCaller()
  const second = await createCaller({ email: `t-${newId(6).toLowerCase()}@example.com` })
  if (role) await createCaller({ organizationId: second.organizationId, role, email: admin.email })
  return { admin, second }
}
