import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { Settings } from 'luxon'
import BinderyPurge from '#commands/bindery_purge'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import { createSpace } from './helpers.js'

async function runPurge() {
  ace.ui.switchMode('raw')
  const command = await ace.create(BinderyPurge, [])
  await command.exec()
  ace.ui.switchMode('normal')
  return command
}

test.group('node ace bindery:purge', (group) => {
  eachTestInTransaction(group)

  test('removes spaces deleted more than 7 days ago with what they own, and nothing else', async ({ client, assert, cleanup }) => {
    const admin = await createCaller()
    const old = await createSpace(client, admin, { title: 'Old' })
    const recent = await createSpace(client, admin, { title: 'Recent' })
    const alive = await createSpace(client, admin, { title: 'Alive' })
    const team = await createTeam(admin.organizationId)
    await client.post(`/v1/spaces/${old.id}/permissions`).bearerToken(admin.token).json({ role: 'read', teams: [team] })
    await client.delete(`/v1/spaces/${old.id}`).bearerToken(admin.token)

    const threeDays = Date.now() + 3 * 24 * 3600 * 1000
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    Settings.now = () => threeDays
    await client.delete(`/v1/spaces/${recent.id}`).bearerToken(admin.token)

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
    const restored = await client.post(`/v1/spaces/${recent.id}/restore`).bearerToken(admin.token)
    restored.assertStatus(200)
    restored.assertContract()
  })
})
