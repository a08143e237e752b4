import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { callAs } from '#tests/helpers/fixtures_organizations'
import { createRoster } from '#tests/helpers/roles'
import { spaceWithChangeRequest } from '#tests/helpers/fixtures_change_requests'
import { createSpace } from '../spaces/helpers.js'
import { toSqlTimestamp } from '#core/database/timestamps'
import { AUDIT_ACTION_NAMES } from '#core/audit/audit_actions'
import { auditLog } from '#core/audit/audit_log'
import type { ApiClient, ApiResponse } from '@japa/api-client'

/** The response of `request`, once it has answered `status`. */
async function expectStatus(request: PromiseLike<ApiResponse>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

const events = (organizationId: string) => `/v1/orgs/${organizationId}/audit-events`

/** The organization's events as `action target-label`, oldest first. */
async function recorded(client: ApiClient, admin: Caller, query: Record<string, unknown> = {}) {
  const response = await callAs(client, admin).get(events(admin.organizationId), {
    limit: 100,
    ...query,
  })
  response.assertStatus(200)
  response.assertContract()
  return response
    .body()
    .items.reverse()
    .map((item: any) => `${item.action} ${item.target.label ?? item.target.id}`)
}

/**
 * GitBook's organization audit events: what each audited change records (actor, target, source,
 * IP), who reads them (admins), the filters and the pages.
 */
test.group('Organization audit events', (group) => {
  eachTestInTransaction(group)

  test('member, role and invite changes are recorded with actor, source and IP', async ({
    client,
    assert,
  }) => {
    const roster = await createRoster()
    const api = callAs(client, roster.admin)
    const org = `/v1/orgs/${roster.organizationId}`
    await expectStatus(api.patch(`${org}/members/${roster.read.user.id}`, { role: 'edit' }), 200)
    await expectStatus(api.post(`${org}/members/${roster.read.user.id}/sso`), 200)
    await expectStatus(api.delete(`${org}/members/${roster.edit.user.id}`), 204)
    await expectStatus(api.post(`${org}/invites`, { emails: ['new@example.com'] }), 200)
    const link = await api.post(`${org}/link-invites`, { role: 'read', maxUses: 2 })
    link.assertStatus(201)
    const linkId = link.body().id
    await expectStatus(api.patch(`${org}/link-invites/${linkId}`, { role: 'edit' }), 200)
    const joiner = await createCaller()
    await expectStatus(callAs(client, joiner).post(`${org}/invites/${linkId}`), 200)
    await expectStatus(api.delete(`${org}/link-invites/${linkId}`), 205)

    const log = await recorded(client, roster.admin, {
      from: DateTime.utc().minus({ seconds: 30 }).toISO(),
    })
    const joinerEmail = joiner.email
    assert.deepEqual(log.slice(-8), [
      `member.role_updated ${roster.read.email}`,
      `member.sso_updated ${roster.read.email}`,
      `member.removed ${roster.edit.email}`,
      'invite.created new@example.com',
      `invite_link.created ${linkId}`,
      `invite_link.updated ${linkId}`,
      `member.joined ${joinerEmail}`,
      `invite_link.deleted ${linkId}`,
    ])

    const response = await api.get(events(roster.organizationId), {
      action: 'member.role_updated',
    })
    response.assertContract()
    const [event] = response.body().items
    assert.deepInclude(event, {
      object: 'audit-event',
      action: 'member.role_updated',
      actor: { type: 'user', id: roster.admin.user.id, label: roster.admin.email },
      target: { type: 'member', id: roster.read.user.id, label: roster.read.email },
      source: 'api',
    })
    // The details: the action's payload and the IP it came from.
    const details = await api.get(`${events(roster.organizationId)}/${event.id}`)
    details.assertStatus(200)
    details.assertContract()
    assert.equal(details.body().schemaVersion, 1)
    assert.deepInclude(details.body().payload, { role: 'edit', previousRole: 'read' })
    assert.match(details.body().payload.ip, /127\.0\.0\.1|::1/)
    assert.equal(details.body().urls.location, event.urls.location)
  })

  test('SSO, tokens, space deletion and transfer, merges are recorded', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const api = callAs(client, admin)
    const org = `/v1/orgs/${admin.organizationId}`
    const provider = await api.post(`${org}/saml`, { label: 'Okta' })
    provider.assertStatus(201)
    const providerId = provider.body().id
    await expectStatus(api.patch(`${org}/saml/${providerId}`, { label: 'Okta EU' }), 200)
    await expectStatus(api.delete(`${org}/saml/${providerId}`), 204)
    await expectStatus(api.patch(org, { sso: true }), 200)
    await expectStatus(api.patch(org, { sso: false }), 200)

    const token = await api.post('/v1/user/tokens', { name: 'CI', scopes: ['user:read'] })
    await expectStatus(api.delete(`/v1/user/tokens/${token.body().id}`), 204)

    const doomed = await createSpace(client, admin, { title: 'Doomed' })
    await expectStatus(api.delete(`/v1/spaces/${doomed.id}`), 205)

    const { changeRequest, space } = await spaceWithChangeRequest(client, admin, {
      subject: 'Fix typo',
    })
    const merged = await api.post(
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`
    )
    merged.assertStatus(200)

    const elsewhere = await createCaller()
    await createCaller({ organizationId: elsewhere.organizationId, email: admin.email })
    const moving = await createSpace(client, admin, { title: 'Moving' })
    await expectStatus(
      api.post(`/v1/spaces/${moving.id}/transfer`, { organization: elsewhere.organizationId }),
      200
    )

    const log = await recorded(client, admin)
    assert.includeMembers(log, [
      'sso_provider.created Okta',
      'sso_provider.updated Okta EU',
      'sso_provider.deleted Okta EU',
      'token.created CI',
      'token.revoked CI',
      'space.deleted Doomed',
      `change_request.merged #${changeRequest.number} Fix typo`,
      'space.transferred Moving',
    ])
    assert.equal(log.filter((entry: string) => entry.startsWith('organization.sso')).length, 2)
    // The receiving organization records the transfer too.
    assert.include(await recorded(client, elsewhere), 'space.transferred Moving')
  })

  test('admins only: members 403, another organization and strangers 404', async ({
    client,
    assert,
  }) => {
    const roster = await createRoster()
    const url = events(roster.organizationId)
    const own = await callAs(client, roster.admin).get(url)
    const [event] = own.body().items
    const actions = `/v1/orgs/${roster.organizationId}/audit-event-actions`
    for (const member of [roster.create, roster.edit, roster.read, roster.guest]) {
      for (const path of [url, `${url}/${event.id}`, actions]) {
        const response = await callAs(client, member).get(path)
        response.assertStatus(403)
        response.assertContract()
      }
    }
    for (const path of [url, `${url}/${event.id}`, actions]) {
      await expectStatus(callAs(client, roster.outsider).get(path), 404)
    }
    // Another organization's event, read through one's own organization: 404.
    const other = await callAs(client, roster.outsider).get(events(roster.outsider.organizationId))
    const theirs = other.body().items[0]
    await expectStatus(callAs(client, roster.admin).get(`${url}/${theirs.id}`), 404)
    await expectStatus(callAs(client, roster.admin).get(`${url}/not-a-uuid`), 404)
    await expectStatus(client.get(url), 401)
    assert.isOk(event)
  })

  test('the actions list', async ({ client, assert }) => {
    const admin = await createCaller()
    const response = await callAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/audit-event-actions`
    )
    response.assertStatus(200)
    response.assertContract()
    assert.deepEqual(
      response.body().items.map((item: any) => item.id),
      AUDIT_ACTION_NAMES
    )
    assert.isTrue(response.body().items.every((item: any) => item.object === 'audit-event-action'))
  })

  test('filters by time, action, actor and target; keyset pages, newest first', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const organizationId = admin.organizationId
    await db.from('audit_events').where('organization_id', organizationId).delete()
    const base = DateTime.utc().minus({ hours: 1 })
    for (let i = 0; i < 25; i++) {
      await auditLog.record({
        organizationId,
        action: i % 2 ? 'member.removed' : 'space.deleted',
        actor: { id: i < 10 ? 'alice' : 'bob', label: null },
        target: { type: 'space', id: `t${i % 5}`, label: `T${i}` },
      })
    }
    // Spread over time, one minute apart, oldest first.
    const rows = await db
      .from('audit_events')
      .where('organization_id', organizationId)
      .orderBy('target_label')
      .select('id', 'target_label')
    for (const row of rows) {
      const index = Number(String(row.target_label).slice(1))
      await db
        .from('audit_events')
        .where('id', row.id)
        .update({ occurred_at: toSqlTimestamp(base.plus({ minutes: index })) })
    }
    const api = callAs(client, admin)
    const url = events(organizationId)

    // Default page: 20, newest first; the next page holds the rest, with no repeat.
    const first = await api.get(url)
    first.assertContract()
    assert.equal(first.body().count, 25)
    assert.lengthOf(first.body().items, 20)
    assert.equal(first.body().items[0].target.label, 'T24')
    const second = await api.get(url, { page: first.body().next.page })
    second.assertContract()
    assert.deepEqual(
      second.body().items.map((item: any) => item.target.label),
      ['T4', 'T3', 'T2', 'T1', 'T0']
    )
    assert.notProperty(second.body(), 'next')

    const labels = async (query: Record<string, unknown>) => {
      const response = await api.get(url, { limit: 100, ...query })
      response.assertStatus(200)
      return response.body().items.map((item: any) => item.target.label)
    }
    assert.deepEqual(await labels({ action: 'member.removed', actor: 'alice' }), [
      'T9',
      'T7',
      'T5',
      'T3',
      'T1',
    ])
    assert.deepEqual(await labels({ target: 't0', actor: 'bob' }), ['T20', 'T15', 'T10'])
    assert.deepEqual(
      await labels({
        from: base.plus({ minutes: 3 }).toISO(),
        to: base.plus({ minutes: 5 }).toISO(),
      }),
      ['T5', 'T4', 'T3']
    )
    assert.deepEqual(await labels({ action: 'token.created' }), [])

    // GitBook's bounds: limit 1..100; dates must be dates; cursors must be cursors.
    for (const query of [{ limit: 101 }, { limit: 0 }, { from: 'yesterday' }, { page: 'x' }]) {
      const response = await api.get(url, query)
      response.assertStatus(400)
      response.assertContract()
    }
  })
})
