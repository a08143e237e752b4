import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import BinderyPurge from '#commands/bindery_purge'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import app from '@adonisjs/core/services/app'
import SpacesProvider from '#spaces/provider'
import SpaceService from '#spaces/services/space_service'
import { createCollection, createSpace, stopClock } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

/**
 * The rows a space owns, by table and the column naming the space.
 */
const OWNED_BY_A_SPACE = [
  ['spaces', 'id'],
  ['revisions', 'space_id'],
  ['content_grants', 'space_id'],
] as const

async function runPurge() {
  ace.ui.switchMode('raw')
  const command = await ace.create(BinderyPurge, [])
  await command.exec()
  ace.ui.switchMode('normal')
  return command
}

/**
 * How many rows of `table` have `column` = `value`.
 */
async function countWhere(table: string, column: string, value: string) {
  const [row] = await db.from(table).where(column, value).count('* as total')
  return Number(row.total)
}

test.group('Purging deleted spaces: the command, the service and the server timer', (group) => {
  eachTestInTransaction(group)

  // Spaces deleted more than 7 days ago go with what they own (revisions, grants); nothing else.
  test('node ace bindery:purge removes expired spaces', async ({ client, assert, cleanup }) => {
    const admin = await createCaller()
    const api = apiAs(client, admin)
    const spaces = []
    for (const title of ['Old', 'Recent', 'Alive'])
      spaces.push(await createSpace(client, admin, { title }))
    const [old, recent, alive] = spaces
    const team = await createTeam(admin.organizationId)
    await api.post(`/v1/spaces/${old.id}/permissions`, { role: 'read', teams: [team] })
    await api.delete(`/v1/spaces/${old.id}`)
    const clock = stopClock(cleanup)
    clock.daysLater(3)
    await api.delete(`/v1/spaces/${recent.id}`)

    clock.daysLater(8)
    const command = await runPurge()
    assert.equal(command.exitCode, 0)
    for (const [table, column] of OWNED_BY_A_SPACE) {
      assert.equal(await countWhere(table, column, old.id), 0, table)
    }
    assert.equal(await countWhere('spaces', 'id', recent.id), 1)
    assert.equal(await countWhere('spaces', 'id', alive.id), 1)

    // Running it again (or from another process) is harmless.
    const again = await runPurge()
    assert.equal(again.exitCode, 0)
    assertAnswer(await api.post(`/v1/spaces/${recent.id}/restore`), 200)
  })

  // It removes nothing of other spaces, collections or organizations.
  test('purgeExpired() removes only what an expired space owns', async ({
    client,
    assert,
    cleanup,
  }) => {
    const [admin, other] = [await createCaller(), await createCaller()]
    const api = apiAs(client, admin)
    const team = await createTeam(admin.organizationId)
    const collection = await createCollection(client, admin)
    const expired = await createSpace(client, admin, { title: 'Expired', parent: collection.id })
    const kept = await createSpace(client, admin, { title: 'Kept', parent: collection.id })
    const foreign = await createSpace(client, other, { title: 'Foreign' })
    for (const [path, role] of [
      [`spaces/${expired.id}`, 'read'],
      [`spaces/${kept.id}`, 'read'],
      [`collections/${collection.id}`, 'edit'],
    ])
      await api.post(`/v1/${path}/permissions`, { role, teams: [team] })
    await api.delete(`/v1/spaces/${expired.id}`)
    const clock = stopClock(cleanup)
    // The other organization's space is deleted a day after ours: not expired when ours is.
    clock.daysLater(1)
    await apiAs(client, other).delete(`/v1/spaces/${foreign.id}`)
    clock.daysLater(7.5)
    const service = await app.container.make(SpaceService)
    assert.equal(await service.purgeExpired(), 1)
    for (const [table, column] of OWNED_BY_A_SPACE) {
      assert.equal(await countWhere(table, column, expired.id), 0, table)
      assert.equal(await countWhere(table, column, kept.id), 1, table)
    }
    assert.equal(await countWhere('content_grants', 'collection_id', collection.id), 1)
    assert.equal(await countWhere('collections', 'id', collection.id), 1)
    assert.equal(await countWhere('spaces', 'id', foreign.id), 1)
    assert.equal(await countWhere('teams', 'id', team), 1)

    // purge() itself refuses what is live or not yet expired, whatever ids it is given.
    assert.equal(await service.purge([kept.id, foreign.id]), 0)
    assert.equal(await countWhere('spaces', 'id', foreign.id), 1)
    assert.equal(await countWhere('revisions', 'space_id', kept.id), 1)
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
