import type { ApiResponse } from '@japa/api-client'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { callAs } from '#tests/helpers/fixtures_organizations'
import { toSqlTimestamp } from '#core/database/timestamps'
import { membershipOf } from './roster.js'

/** The response of `request`, once it has answered `status`. */
async function expectStatus(request: PromiseLike<ApiResponse>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

/**
 * Invite links as credentials: an optional expiry and number of uses, shown on the link, enforced
 * when it is accepted.
 */
test.group('Invite link limits', (group) => {
  eachTestInTransaction(group)

  test('a link admits as many people as its maxUses, then refuses', async ({ client, assert }) => {
    const admin = await createCaller()
    const org = `/v1/orgs/${admin.organizationId}`
    const created = await callAs(client, admin).post(`${org}/link-invites`, {
      role: 'read',
      maxUses: 2,
      expiresInDays: 7,
    })
    created.assertStatus(201)
    created.assertContract()
    const link = created.body()
    assert.include(link, { maxUses: 2, uses: 0 })
    assert.closeTo((Date.parse(link.expiresAt) - Date.now()) / 86_400_000, 7, 0.01)

    const [first, second, third] = [
      await createCaller(),
      await createCaller(),
      await createCaller(),
    ]
    await expectStatus(callAs(client, first).post(`${org}/invites/${link.id}`), 200)
    // Accepting again as a member uses nothing up.
    await expectStatus(callAs(client, first).post(`${org}/invites/${link.id}`), 200)
    await expectStatus(callAs(client, second).post(`${org}/invites/${link.id}`), 200)
    const refused = await callAs(client, third).post(`${org}/invites/${link.id}`)
    refused.assertStatus(403)
    assert.match(refused.body().error.message, /used as many times as it allows/)
    assert.isNull(await membershipOf(admin.organizationId, third.user.id))

    const shown = await callAs(client, admin).get(`${org}/link-invites/${link.id}`)
    shown.assertContract()
    assert.include(shown.body(), { uses: 2, maxUses: 2 })
  })

  test('an expired link admits nobody; links without limits last', async ({ client, assert }) => {
    const admin = await createCaller()
    const org = `/v1/orgs/${admin.organizationId}`
    const created = await callAs(client, admin).post(`${org}/link-invites`, {
      role: 'edit',
      expiresInDays: 1,
    })
    const link = created.body()
    await db
      .from('organization_invite_links')
      .where('id', link.id)
      .update({ expires_at: toSqlTimestamp(new Date(Date.now() - 1000)) })
    const joiner = await createCaller()
    const refused = await callAs(client, joiner).post(`${org}/invites/${link.id}`)
    refused.assertStatus(403)
    assert.match(refused.body().error.message, /expired/)

    const unlimited = await callAs(client, admin).post(`${org}/link-invites`, { role: 'read' })
    assert.include(unlimited.body(), { expiresAt: null, maxUses: null, uses: 0 })
    await expectStatus(callAs(client, joiner).post(`${org}/invites/${unlimited.body().id}`), 200)
  })

  test('limits out of bounds are 400', async ({ client }) => {
    const admin = await createCaller()
    const org = `/v1/orgs/${admin.organizationId}`
    for (const body of [
      { role: 'read', maxUses: 0 },
      { role: 'read', maxUses: 1.5 },
      { role: 'read', expiresInDays: 0 },
      { role: 'read', expiresInDays: 366 },
    ]) {
      await expectStatus(callAs(client, admin).post(`${org}/link-invites`, body), 400)
    }
  })
})
