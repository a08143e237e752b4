import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { Settings } from 'luxon'
import BinderyPurge from '#commands/bindery_purge'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import app from '@adonisjs/core/services/app'
import SpacesProvider from '#spaces/provider'
import SpaceService from '#spaces/services/space_service'
import { createCollection, createSpace } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

async function runPurge() {
  ace.ui.switchMode('raw')
  const command = await ace.create(BinderyPurge, [])
  await command.exec()
  ace.ui.switchMode('normal')
  return command
}

test.group('node ace bindery:purge', (group) => {
  eachTestInTransaction(group)

  test('removes spaces deleted more than 7 days ago with what they own, and nothing else', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await createCaller()
    const old = await createSpace(client, admin, { title: 'Old' })
    const recent = await createSpace(client, admin, { title: 'Recent' })
    const alive = await createSpace(client, admin, { title: 'Alive' })
    const team = await createTeam(admin.organizationId)
    await apiAs(client, admin).post(`/v1/spaces/${old.id}/permissions`, {
      role: 'read',
      teams: [team],
    })
    await apiAs(client, admin).delete(`/v1/spaces/${old.id}`)

    const threeDays = Date.now() + 3 * 24 * 3600 * 1000
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    Settings.now = () => threeDays
    await apiAs(client, admin).delete(`/v1/spaces/${recent.id}`)

    const eightDays = Date.now() + 8 * 24 * 3600 * 1000
    Settings.now = () => eightDays
    const command = await runPurge()
    assert.equal(command.exitCode, 0)
    assert.isNull(await db.from('spaces').where('id', old.id).first())
    assert.isNull(await db.from('revisions').where('space_id', old.id).first())
    assert.isNull(await db.from('content_grants').where('space_id', old.id).first())
    assert.isNotNull(await db.from('spaces').where('id', recent.id).first())
    assert.isNotNull(await db.from('spaces').where('id', alive.id).first())

    // Running it again (or from another process) is harmless.
    const again = await runPurge()
    assert.equal(again.exitCode, 0)
    const restored = await apiAs(client, admin).post(`/v1/spaces/${recent.id}/restore`)
    assertAnswer(restored, 200)
  })
})

test.group('Purging: what it removes, and the server timer', (group) => {
  eachTestInTransaction(group)

  test('removes what an expired space owns and nothing of other spaces, collections or organizations', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const team = await createTeam(admin.organizationId)
    const collection = await createCollection(client, admin)
    const expired = await createSpace(client, admin, { title: 'Expired', parent: collection.id })
    const kept = await createSpace(client, admin, { title: 'Kept', parent: collection.id })
    const foreign = await createSpace(client, other, { title: 'Foreign' })
    for (const space of [expired, kept]) {
      await apiAs(client, admin).post(`/v1/spaces/${space.id}/permissions`, {
        role: 'read',
        teams: [team],
      })
    }
    await apiAs(client, admin).post(`/v1/collections/${collection.id}/permissions`, {
      role: 'edit',
      teams: [team],
    })
    await apiAs(client, admin).delete(`/v1/spaces/${expired.id}`)
    const count = async (table: string, column: string, value: string) => {
      const [row] = await db.from(table).where(column, value).count('* as total')
      return Number(row.total)
    }
    const day = 24 * 3600 * 1000
    const start = Date.now()
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    // The other organization's space is deleted a day after ours: not expired when ours is.
    Settings.now = () => start + day
    await apiAs(client, other).delete(`/v1/spaces/${foreign.id}`)
    Settings.now = () => start + 7.5 * day
    const service = await app.container.make(SpaceService)
    assert.equal(await service.purgeExpired(), 1)
    assert.equal(await count('spaces', 'id', expired.id), 0)
    assert.equal(await count('revisions', 'space_id', expired.id), 0)
    assert.equal(await count('content_grants', 'space_id', expired.id), 0)
    assert.equal(await count('spaces', 'id', kept.id), 1)
    assert.equal(await count('revisions', 'space_id', kept.id), 1)
    assert.equal(await count('content_grants', 'space_id', kept.id), 1)
    assert.equal(await count('content_grants', 'collection_id', collection.id), 1)
    assert.equal(await count('collections', 'id', collection.id), 1)
    assert.equal(await count('spaces', 'id', foreign.id), 1)
    assert.equal(await count('teams', 'id', team), 1)

    // purge() itself refuses what is live or not yet expired, whatever ids it is given.
    assert.equal(await service.purge([kept.id, foreign.id]), 0)
    assert.equal(await count('spaces', 'id', foreign.id), 1)
    assert.equal(await count('revisions', 'space_id', kept.id), 1)
  })

  test('the server timer logs a failed run and never throws', async ({ assert, cleanup }) => {
    const provider = new SpacesProvider(app)
    const logger = await app.container.make('logger')
    const errors: unknown[] = []
    const original = logger.error
    logger.error = ((...args: unknown[]) => {
      errors.push(args)
    }) as typeof logger.error
    class FailingSpaceService {
      async purgeExpired(): Promise<number> {
        throw new Error('database unavailable')
      }
    }
    app.container.swap(SpaceService, () => new FailingSpaceService() as unknown as SpaceService)
    cleanup(() => {
      logger.error = original
      app.container.restore(SpaceService)
    })
    assert.isNull(await provider.purgeExpired())
    assert.lengthOf(errors, 1)
    assert.include(JSON.stringify(errors[0]), 'purging deleted spaces failed')

    app.container.restore(SpaceService)
    assert.isNumber(await provider.purgeExpired())
    assert.lengthOf(errors, 1)
  })
})
