import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { JobRunner } from '#core/jobs/job_runner'
import { RevisionListeners } from '#content/contracts/revision_listeners'
import EventService from '#integrations/services/event_service'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { integrationName, integrationsOf } from '#tests/helpers/integrations'
import { createSpaces } from '#tests/helpers/sites'
import { createCallerAs, statusByRole } from '#tests/helpers/roles'

/** Logs the event it receives and what its environment says; answers 200. */
const LOGGING_SCRIPT = `
export default {
  async fetch(request) {
    const { event, environment } = await request.json()
    console.log('event ' + event.type + ' ' + (event.revisionId ?? ''))
    console.info('installation ' + environment.installation.id + ' of ' + environment.integration.name)
    if (event.updatedBy) console.log('by ' + event.updatedBy.map((user) => user.id).join(','))
    if (environment.spaceInstallation) console.log('space ' + environment.spaceInstallation.space)
    console.log('secret ' + environment.secrets.TOKEN)
    return new Response('ok')
  }
}`

const THROWING_SCRIPT = `
export default {
  async fetch() {
    console.warn('about to fail')
    throw new Error('the count is broken')
  }
}`

const LOOPING_SCRIPT = `export default { async fetch() { for (;;) {} } }`

const GREEDY_SCRIPT = `
export default {
  async fetch() {
    const kept = []
    for (;;) kept.push(new Array(1000000).fill(kept.length + 0.5))
  }
}`

const runner = () => app.container.make(JobRunner)
async function drain() {
  const jobs = await runner()
  return jobs.drain()
}

async function publishAndInstall(client: any, script: string, admin?: Caller) {
  const owner = admin ?? (await createCaller())
  const api = integrationsOf(client, owner)
  const name = integrationName('events')
  const integration = await api.publish(name, { script, secrets: { TOKEN: 'sesame' } })
  const installation = await api.install(name)
  return { admin: owner, api, name, integration, installation }
}

async function mergeChangeRequest(client: any, caller: Caller, spaceId: string, title: string) {
  const created = await client
    .post(`/v1/spaces/${spaceId}/change-requests`)
    .bearerToken(caller.token)
    .json({})
  assertAnswer(created, 201)
  const changeRequestId = created.body().id
  const applied = await client
    .post(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`)
    .qs({ compat: false })
    .bearerToken(caller.token)
    .json({ changes: [{ operation: 'insert_page', title, document: { markdown: `${title}\n` } }] })
  assertAnswer(applied, 200)
  return client
    .post(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/merge`)
    .bearerToken(caller.token)
}

async function events(api: ReturnType<typeof integrationsOf>, name: string) {
  const list = await api.get(`/integrations/${name}/events`, { limit: 1000 })
  assertAnswer(list, 200)
  list.assertContract()
  return list.body().items as any[]
}

test.group('Integrations: events', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@integrations']))

  let saved: EventService['settings']
  group.each.setup(async () => {
    const service = await app.container.make(EventService)
    saved = service.settings
    service.settings = {
      limits: { wallTimeMs: 3000, cpuTimeMs: 400, memoryMb: 16 },
      retryBaseMs: 0,
    }
    return () => {
      service.settings = saved
    }
  })

  test('merges reach the script as space_content_updated events, with their logs', async ({
    client,
    assert,
  }) => {
    const { admin, api, name, integration, installation } = await publishAndInstall(
      client,
      LOGGING_SCRIPT
    )
    const [spaceId] = await createSpaces(client, admin, ['Counted'])
    const path = `/integrations/${name}/installations/${installation.id}/spaces`
    assertAnswer(await api.post(path, { space: spaceId }), 201)
    const setup = await drain()
    assert.deepEqual(setup, { succeeded: 2, failed: 0, retried: 0 })

    const revisions = []
    for (const title of ['First', 'Second']) {
      const merged = await mergeChangeRequest(client, admin, spaceId, title)
      assertAnswer(merged, 200)
      revisions.push(merged.body().revision)
    }
    assert.deepEqual(await drain(), { succeeded: 2, failed: 0, retried: 0 })

    const items = await events(api, name)
    const updates = items.filter((item) => item.payload.type === 'space_content_updated')
    assert.lengthOf(updates, 2)
    // Newest first: the second merge's event leads.
    assert.deepEqual(
      updates.map((item) => item.payload.revisionId),
      [...revisions].reverse()
    )
    for (const item of updates) {
      assert.containsSubset(item, {
        integrationId: integration.id,
        installationId: installation.id,
        status: 'success',
        payload: { spaceId: spaceId, installationId: installation.id, eventId: item.id },
      })
      assert.deepEqual(
        item.payload.updatedBy.map((user: any) => user.id),
        [admin.user.id]
      )
    }
    for (const [index, item] of updates.entries()) {
      const shown = await api.get(`/integrations/${name}/events/${item.id}`)
      assertAnswer(shown, 200)
      shown.assertContract()
      const messages = shown.body().trace.logs.map((log: any) => log.message)
      assert.deepEqual(messages, [
        `event space_content_updated ${revisions[1 - index]}`,
        `installation ${installation.id} of ${name}`,
        `by ${admin.user.id}`,
        `space ${spaceId}`,
        'secret sesame',
      ])
      assert.deepEqual(shown.body().event, item)
    }
    const row = await db.from('integration_events').where('id', updates[0].id).first()
    assert.equal(Number(row.attempts), 1)
    assert.isAtLeast(Number(row.duration_ms), 0)
  })

  test('a script that throws is retried, then recorded failed with its error', async ({
    client,
    assert,
  }) => {
    const { api, name } = await publishAndInstall(client, THROWING_SCRIPT)
    assert.deepEqual(await drain(), { succeeded: 0, failed: 1, retried: 2 })
    const [event] = await events(api, name)
    assert.containsSubset(event, { status: 'failed', payload: { type: 'installation_setup' } })
    const shown = await api.get(`/integrations/${name}/events/${event.id}`)
    assertAnswer(shown, 200)
    shown.assertContract()
    assert.deepEqual(
      shown.body().trace.logs.map((log: any) => [log.level, log.message]),
      [
        ['warn', 'about to fail'],
        ['error', 'the script failed: the count is broken'],
      ]
    )
    const row = await db.from('integration_events').where('id', event.id).first()
    assert.equal(Number(row.attempts), 3)
    const job = await db
      .from('jobs')
      .where('name', 'integrations.deliver-event')
      .orderBy('created_at', 'desc')
      .first()
    assert.equal(job.status, 'failed')
  })

  test('a script that {name} is stopped and recorded failed; the server keeps answering')
    .with([
      { name: 'loops forever', script: LOOPING_SCRIPT, error: /CPU|longer than/ },
      // On a loaded machine its CPU limit may stop it first; the memory limit alone is tested in
      // tests/unit/integrations/sandbox.spec.ts.
      { name: 'allocates without end', script: GREEDY_SCRIPT, error: /memory|CPU/ },
    ])
    .run(async ({ client, assert }, { script, error }) => {
      const { admin, api, name } = await publishAndInstall(client, script)
      const running = drain()
      await new Promise((resolve) => setTimeout(resolve, 50))
      const started = performance.now()
      const answer = await client.get('/v1/user').bearerToken(admin.token)
      assertAnswer(answer, 200)
      assert.isBelow(performance.now() - started, 300)
      assert.deepEqual(await running, { succeeded: 0, failed: 1, retried: 2 })
      const [event] = await events(api, name)
      assert.equal(event.status, 'failed')
      const shown = await api.get(`/integrations/${name}/events/${event.id}`)
      const last = shown.body().trace.logs.at(-1)
      assert.equal(last.level, 'error')
      assert.match(last.message, error)
    })
    .timeout(30_000)

  test('a merge that rolls back records and delivers nothing', async ({ client, assert }) => {
    const { admin, api, name, installation } = await publishAndInstall(client, LOGGING_SCRIPT)
    const [spaceId] = await createSpaces(client, admin, ['Rolled back'])
    const path = `/integrations/${name}/installations/${installation.id}/spaces`
    assertAnswer(await api.post(path, { space: spaceId }), 201)
    await drain()
    const listeners = await app.container.make(RevisionListeners)
    const failing = {
      async revisionBecameCurrent() {
        throw new Error('a later listener fails')
      },
    }
    listeners.add(failing)
    try {
      const merged = await mergeChangeRequest(client, admin, spaceId, 'Never')
      assertAnswer(merged, 500)
    } finally {
      listeners.listeners.splice(listeners.listeners.indexOf(failing), 1)
    }
    const recorded = await db
      .from('integration_events')
      .where('installation_id', installation.id)
      .where('type', 'space_content_updated')
    assert.lengthOf(recorded, 0)
    assert.deepEqual(await drain(), { succeeded: 0, failed: 0, retried: 0 })
    const listed = await events(api, name)
    const types = listed.map((item) => item.payload.type)
    assert.notInclude(types, 'space_content_updated')
  })

  test('installing, configuring and uninstalling deliver setup and deleted events', async ({
    client,
    assert,
  }) => {
    const { admin, api, name, installation } = await publishAndInstall(client, LOGGING_SCRIPT)
    const [spaceId] = await createSpaces(client, admin, ['Installed'])
    const base = `/integrations/${name}/installations/${installation.id}`
    assertAnswer(await api.patch(base, { externalIds: ['acct'] }), 200)
    assertAnswer(await api.post(`${base}/spaces`, { space: spaceId }), 201)
    assertAnswer(await api.delete(`${base}/spaces/${spaceId}`), 204)
    assertAnswer(await api.delete(base), 204)
    // Delivered after the installation is gone, from what the events kept.
    assert.deepEqual(await drain(), { succeeded: 5, failed: 0, retried: 0 })
    const items = await events(api, name)
    assert.deepEqual(
      items.map((item) => item.payload.type),
      [
        'installation_deleted',
        'space_installation_deleted',
        'space_installation_setup',
        'installation_setup',
        'installation_setup',
      ]
    )
    assert.containsSubset(items, [
      { payload: { type: 'installation_deleted', previous: { configuration: {} } } },
      { payload: { type: 'space_installation_deleted', spaceId: spaceId, previous: {} } },
      { payload: { type: 'space_installation_setup', spaceId: spaceId, status: 'active' } },
      {
        payload: {
          type: 'installation_setup',
          status: 'active',
          previous: { status: 'active', configuration: {} },
        },
      },
    ])
    const deleted = await api.get(`/integrations/${name}/events/${items[0].id}`)
    assert.include(
      deleted.body().trace.logs.map((log: any) => log.message),
      `installation ${installation.id} of ${name}`
    )
  })

  test('a deleted space takes its installation with a space_installation_deleted event', async ({
    client,
    assert,
  }) => {
    const { admin, api, name, installation } = await publishAndInstall(client, LOGGING_SCRIPT)
    const [spaceId] = await createSpaces(client, admin, ['Leaving'])
    const base = `/integrations/${name}/installations/${installation.id}`
    assertAnswer(await api.post(`${base}/spaces`, { space: spaceId }), 201)
    const removed = await client.delete(`/v1/spaces/${spaceId}`).bearerToken(admin.token)
    assertAnswer(removed, 205)
    assert.deepEqual(await drain(), { succeeded: 3, failed: 0, retried: 0 })
    const [latest] = await events(api, name)
    assert.containsSubset(latest, {
      status: 'success',
      payload: { type: 'space_installation_deleted', spaceId, previous: { configuration: {} } },
    })
    assertAnswer(await api.get(`${base}/spaces/${spaceId}`), 404)
  })

  test('events are listed newest first, in keyset pages', async ({ client, assert }) => {
    const { api, name, installation } = await publishAndInstall(client, LOGGING_SCRIPT)
    const base = `/integrations/${name}/installations/${installation.id}`
    assertAnswer(await api.patch(base, { externalIds: ['a'] }), 200)
    assertAnswer(await api.patch(base, { externalIds: ['b'] }), 200)
    // Not yet delivered: not listed (GitBook's events are success or failed).
    assert.lengthOf(await events(api, name), 0)
    await drain()
    const all = await events(api, name)
    assert.lengthOf(all, 3)
    const first = await api.get(`/integrations/${name}/events`, { limit: 2 })
    assertAnswer(first, 200)
    first.assertContract()
    assert.equal(first.body().count, 3)
    const second = await api.get(`/integrations/${name}/events`, {
      limit: 2,
      page: first.body().next.page,
    })
    assertAnswer(second, 200)
    assert.notProperty(second.body(), 'next')
    assert.deepEqual(
      [...first.body().items, ...second.body().items].map((item: any) => item.id),
      all.map((item) => item.id)
    )
    assertAnswer(await api.get(`/integrations/${name}/events`, { limit: 1001 }), 400, 'limit')
    assertAnswer(await api.get(`/integrations/${name}/events`, { limit: 0 }), 400, 'limit')
    assertAnswer(await api.get(`/integrations/${name}/events`, { page: 'nope' }), 400, 'page')
    assertAnswer(await api.get(`/integrations/${name}/events/not-an-id`), 404)
    assertAnswer(await api.get(`/integrations/${name}/events/${'a'.repeat(20)}`), 404)
  })

  test('events are read by admins of the owning organization: {role} gets {status}')
    .with(statusByRole({ admin: 200, create: 403, read: 403, guest: 403, outsider: 403 }))
    .run(async ({ client }, { role, status }) => {
      const { admin, name } = await publishAndInstall(client, LOGGING_SCRIPT)
      await drain()
      const caller = await createCallerAs(admin.organizationId, role)
      const api = integrationsOf(client, caller)
      const listed = await api.get(`/integrations/${name}/events`)
      assertAnswer(listed, status)
      if (status === 200) listed.assertContract()
    })

  test("another organization's events stay hidden (private: 404, public: 403)", async ({
    client,
    assert,
  }) => {
    const mine = await publishAndInstall(client, LOGGING_SCRIPT)
    const theirs = await createCaller()
    const theirApi = integrationsOf(client, theirs)
    const privateName = integrationName('private')
    await theirApi.publish(privateName, { script: LOGGING_SCRIPT, visibility: 'private' })
    await theirApi.install(privateName)
    await drain()
    const [theirEvent] = await events(theirApi, privateName)
    const [myEvent] = await events(mine.api, mine.name)

    assertAnswer(await mine.api.get(`/integrations/${privateName}/events`), 404)
    assertAnswer(await mine.api.get(`/integrations/${privateName}/events/${theirEvent.id}`), 404)
    // Their event read through my integration's path is not found there.
    assertAnswer(await mine.api.get(`/integrations/${mine.name}/events/${theirEvent.id}`), 404)
    // My public integration's events are not theirs to read, even if they install it.
    await theirApi.install(mine.name)
    await drain()
    assertAnswer(await theirApi.get(`/integrations/${mine.name}/events`), 403)
    assertAnswer(await theirApi.get(`/integrations/${mine.name}/events/${myEvent.id}`), 403)
    const mineNow = await events(mine.api, mine.name)
    assert.lengthOf(mineNow, 2)
  })

  test("GitBook's client lists and reads events", async ({ client, assert }) => {
    const { admin, name } = await publishAndInstall(client, LOGGING_SCRIPT)
    await drain()
    const api = gitbookClient(admin.token)
    const { data: list } = await api.integrations.listIntegrationEvents(name)
    assert.lengthOf(list.items, 1)
    assert.equal(list.items[0].status, 'success')
    const { data: one } = await api.integrations.getIntegrationEvent(name, list.items[0].id)
    assert.equal(one.event.id, list.items[0].id)
    assert.equal(one.trace?.logs[0].message, 'event installation_setup ')
  })
})
