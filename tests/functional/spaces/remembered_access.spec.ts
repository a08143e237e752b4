import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { assertAnswer } from '#tests/helpers/guards'
import { apiAs } from '#tests/helpers/api_as'
import { committedCallers, type Caller } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import { hotReadPath } from '#core/database/hot_reads'
import { writesAccess } from '#core/database/prepared_statements'
import { createCollection, createSpace } from './helpers.js'

/**
 * Access answers are remembered between requests outside a transaction: on SQLite until anything
 * is committed (`data_version`), on MySQL/MariaDB until the access version goes up
 * (#core/database/access_answers). These tests commit their data (no global transaction), so
 * each read below takes that path, and each change must be seen by the very next read.
 */
const { caller, cleanUp } = committedCallers()

async function canRead(client: ApiClient, who: Caller, path: string) {
  const response = await apiAs(client, who).get(path)
  if (response.status() === 404) return null
  assertAnswer(response, 200)
  return response.body().permissions as Record<string, boolean>
}

/** Reads twice (the second from what the first remembered), answers the second. */
async function readTwice(client: ApiClient, who: Caller, path: string) {
  await canRead(client, who, path)
  return canRead(client, who, path)
}

async function accessVersion() {
  const row = await db.from('access_versions').where('id', 1).first()
  return Number(row.version)
}

test.group('Remembered access answers', (group) => {
  group.each.teardown(cleanUp)

  test('the reads take the remembering path of their engine', async ({ assert }) => {
    assert.include(['remembering', 'versioned'], hotReadPath(db))
  })

  test('a default level, a move and a role change are seen by the next read', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const reader = await caller({ organizationId: admin.organizationId, role: 'read' })
    const top = await createCollection(client, admin)
    const space = await createSpace(client, admin, { parent: top.id })
    const path = `/v1/spaces/${space.id}`

    assert.isFalse((await readTwice(client, reader, path))!.edit)
    const collectionPath = `/v1/collections/${top.id}`
    assert.isFalse((await readTwice(client, reader, collectionPath))!.create)
    await apiAs(client, admin).patch(collectionPath, { defaultLevel: 'create' })
    assert.isTrue((await readTwice(client, reader, path))!.edit)
    assert.isTrue((await readTwice(client, reader, collectionPath))!.create)

    await apiAs(client, admin).post(`/v1/spaces/${space.id}/move`, { parent: null })
    assert.isFalse((await readTwice(client, reader, path))!.edit)
    await apiAs(client, admin).post(`/v1/spaces/${space.id}/move`, { parent: top.id })
    assert.isTrue((await readTwice(client, reader, path))!.edit)

    const promoted = await apiAs(client, admin).patch(
      `/v1/orgs/${admin.organizationId}/members/${reader.user.id}`,
      { role: 'admin' }
    )
    assertAnswer(promoted, 200)
    assert.isTrue((await readTwice(client, reader, path))!.admin)

    const removed = await apiAs(client, admin).delete(
      `/v1/orgs/${admin.organizationId}/members/${reader.user.id}`
    )
    assertAnswer(removed, 204)
    assert.isNull(await canRead(client, reader, path))
  })

  test("a guest's grants, direct and through a team, are seen by the next read", async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const guest = await caller({ organizationId: admin.organizationId, role: null })
    const space = await createSpace(client, admin)
    const path = `/v1/spaces/${space.id}`
    assert.isNull(await readTwice(client, guest, path))

    const invite = await apiAs(client, admin).post(`${path}/permissions`, {
      role: 'comment',
      users: [guest.user.id],
    })
    assertAnswer(invite, 204)
    assert.isTrue((await readTwice(client, guest, path))!.comment)
    const revoke = await apiAs(client, admin).delete(`${path}/permissions/users/${guest.user.id}`)
    assertAnswer(revoke, 205)
    assert.isNull(await readTwice(client, guest, path))

    const team = await createTeam(admin.organizationId, [guest.user.id])
    await apiAs(client, admin).post(`${path}/permissions`, { role: 'edit', teams: [team] })
    assert.isTrue((await readTwice(client, guest, path))!.edit)
    // Written outside any transaction and outside the API: the next read still sees it.
    await db.from('team_members').where('team_id', team).delete()
    assert.isNull(await canRead(client, guest, path))
  })

  test("an organization's read sees the caller's new role and removal at once", async ({
    client,
  }) => {
    const admin = await caller()
    const member = await caller({ organizationId: admin.organizationId, role: 'read' })
    const path = `/v1/orgs/${admin.organizationId}`
    for (let i = 0; i < 2; i++) assertAnswer(await apiAs(client, member).get(path), 200)
    assertAnswer(await apiAs(client, member).patch(path, { title: 'By a reader' }), 403)

    await db
      .from('organization_members')
      .where({ organization_id: admin.organizationId, user_id: member.user.id })
      .update({ role: 'admin' })
    assertAnswer(await apiAs(client, member).patch(path, { title: 'By an admin' }), 200)

    const removed = await apiAs(client, admin).delete(`${path}/members/${member.user.id}`)
    assertAnswer(removed, 204)
    assertAnswer(await apiAs(client, member).get(path), 404)
  })

  test('an access write raises the version when it commits, and only then', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const space = await createSpace(client, admin)
    const mysql = db.connection().dialect.name === 'mysql'
    const before = await accessVersion()

    // Not an access table: nothing to forget.
    await db.transaction(async (trx) => {
      await trx.from('spaces').where('id', space.id).update({ title: 'Renamed' })
    })
    assert.equal(await accessVersion(), before)

    await db
      .transaction(async (trx) => {
        await trx
          .from('organization_members')
          .where('organization_id', admin.organizationId)
          .update({ role: 'read' })
        throw new Error('rolled back')
      })
      .catch(() => {})
    assert.equal(await accessVersion(), before)
    assert.isTrue((await canRead(client, admin, `/v1/spaces/${space.id}`))!.admin)

    await db.transaction(async (trx) => {
      await trx.from('collections').where('organization_id', admin.organizationId).delete()
    })
    await db.from('content_grants').where('space_id', space.id).delete()
    // SQLite has its own signal and leaves the row as it is.
    assert.equal(await accessVersion(), mysql ? before + 2 : before)
  })

  test('the statements that write access tables are told apart from the others', ({ assert }) => {
    for (const sql of [
      'insert into `organization_members` (`id`) values (?)',
      'INSERT IGNORE INTO content_grants (id) VALUES (1)',
      'update `collections` set `default_level` = ? where `id` = ?',
      'delete from `team_members` where `team_id` = ?',
      'DELETE m FROM organization_members m WHERE m.id = 1',
      'truncate `teams`',
      '  UPDATE teams SET title = title WHERE id = ?',
      'delete from `users` where `id` in (?)',
    ]) {
      assert.isTrue(writesAccess(sql), sql)
    }
    for (const sql of [
      'select * from `organization_members`',
      'update `spaces` set `title` = ? where `id` in (select id from collections)',
      'insert into `content_objects` (`body`) values (?)',
      'delete from `team_invites` where `id` = ?',
      'update `organizations` set `plan` = plan',
      'update `users` set `last_login_at` = ? where `id` = ?',
    ]) {
      assert.isFalse(writesAccess(sql), sql)
    }
  })
})
