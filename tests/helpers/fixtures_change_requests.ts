import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { RoleOrGuest } from '#core/roles'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { committedCallers, createCaller, type Caller } from '#tests/helpers/callers'
import { createChangeRequest, createSpace } from '../functional/content/helpers.js'

/**
 * A group whose tests commit their data: no global transaction, because the requests they send at
 * once must run in real transactions at once. `caller()` makes callers that are deleted (with their
 * organizations and spaces) after each test.
 */
export function committedGroup(
  title: string,
  define: (caller: ReturnType<typeof committedCallers>['caller']) => void
) {
  test.group(title, (group) => {
    const callers = committedCallers()
    group.each.teardown(() => callers.cleanUp())
    define(callers.caller)
  })
}

/** A new admin and a space of theirs (with the given fields). */
export async function adminWithSpace(client: ApiClient, fields: Record<string, unknown> = {}) {
  const admin = await createCaller()
  return { admin, space: await createSpace(client, admin, fields) }
}

/**
 * A space of `caller` (a new admin unless given) with one change request by that caller: the setup
 * of most change request and comment tests.
 */
export async function spaceWithChangeRequest(
  client: ApiClient,
  caller?: Caller,
  changeRequest: Record<string, unknown> = {}
) {
  const admin = caller ?? (await createCaller())
  const space = await createSpace(client, admin)
  return {
    admin,
    space,
    changeRequest: await createChangeRequest(client, admin, space.id, changeRequest),
  }
}

/** Sends `text` as a JSON body that does not parse, with the caller's token. */
export function sendMalformedJson(
  client: ApiClient,
  caller: Caller,
  method: 'post' | 'put' | 'patch',
  url: string,
  text: string
) {
  return client[method](url)
    .bearerToken(caller.token)
    .header('Content-Type', 'application/json')
    .json(text)
}

/**
 * A new admin's GitBookAPI client, a member of `role` with their own client, and a space the admin
 * made through the client: the setup of the client tests.
 */
export async function clientSpace(role: RoleOrGuest) {
  const admin = await createCaller()
  const member = await createCaller({ organizationId: admin.organizationId, role })
  const api = gitbookClient(admin.token)
  const { data: space } = await api.orgs.createSpace(admin.organizationId, { title: 'Handbook' })
  return { admin, member, api, memberApi: gitbookClient(member.token), space }
}

type PageFields = { markdown: string; title?: string; ref?: string }

/** Two insert_page changes: a page and a page inside it. */
export function pageAndChild(parent: PageFields & { ref: string }, child: PageFields) {
  const insert = ({ markdown, ...fields }: PageFields) => ({
    operation: 'insert_page',
    ...fields,
    document: { markdown },
  })
  return [insert(parent), { ...insert(child), into: parent.ref }]
}

/** A new admin and one member of each role given, in that order. */
export async function adminAndMembers(...roles: RoleOrGuest[]) {
  const admin = await createCaller()
  const members: Caller[] = []
  for (const role of roles) {
    members.push(await createCaller({ organizationId: admin.organizationId, role }))
  }
  return { admin, members }
}
