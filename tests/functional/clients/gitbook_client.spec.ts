import { test } from '@japa/runner'
import { assertClientError } from '#tests/helpers/client_errors'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { newId } from '#core/ids'

/**
 * GitBook's own client, over real HTTP: if it works here, it works for the scripts people already have.
 */
const clientFor = gitbookClient

test.group('GitBookAPI client: accounts and organizations', (group) => {
  eachTestInTransaction(group)

  test('reads the user and the organizations', async ({ assert }) => {
    const caller = await createCaller({ org: 'Client Org' })
    const api = clientFor(caller.token)

    const { data: user } = await api.user.getAuthenticatedUser()
    assert.equal(user.id, caller.user.id)
    assert.equal(user.email, caller.email)

    const { data: sameUser } = await api.users.getUserById(caller.user.id)
    assert.equal(sameUser.id, caller.user.id)

    const { data: list } = await api.orgs.listOrganizationsForAuthenticatedUser()
    assert.deepEqual(
      list.items.map((org: { id: string }) => org.id),
      [caller.organizationId]
    )

    const { data: org } = await api.orgs.getOrganizationById(caller.organizationId)
    assert.equal(org.title, 'Client Org')
  })

  test('creates, updates and pings an organization', async ({ assert }) => {
    const caller = await createCaller()
    const api = clientFor(caller.token)

    const { data: created } = await api.orgs.createOrganization({ title: 'Made by the client' })
    assert.equal(created.title, 'Made by the client')

    const { data: updated } = await api.orgs.updateOrganizationById(created.id, {
      title: 'Renamed by the client',
      emailDomains: ['client.test'],
      inviteLinks: false,
    })
    assert.equal(updated.title, 'Renamed by the client')
    assert.isFalse(updated.inviteLinks)

    const { data: byDomain } = await api.emailDomains.getOrganizationsForEmailDomain('client.test')
    assert.deepEqual(
      byDomain.organizations.map((org: { id: string }) => org.id),
      [created.id]
    )

    const ping = await api.orgs.updateOrganizationMemberLastSeenAt(created.id)
    assert.equal(ping.status, 200)

    const { data: page } = await api.orgs.listOrganizationsForAuthenticatedUser({ limit: 1 })
    assert.lengthOf(page.items, 1)
    assert.equal(page.count, 2)
    assert.isString(page.next?.page)
  })

  test('surfaces Bindery errors as GitBookAPIError with status and message', async ({ assert }) => {
    const caller = await createCaller()
    const api = clientFor(caller.token)
    await assertClientError(assert, api.orgs.getOrganizationById(newId()), 404, 'No organization')

    await assertClientError(assert, clientFor('gb_api_wrong').user.getAuthenticatedUser(), 401)
  })
})
