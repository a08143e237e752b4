import { test } from '@japa/runner'
import {
  badTitleRows,
  callAs,
  sendMalformedJson,
  columnsByRole,
  groupInTransaction,
  tokenWithScopes,
  recordOperations,
  createEach,
} from '#tests/helpers/fixtures_organizations'
import { adminAnd } from '#tests/helpers/roles'
import { assertPagesThrough } from '#tests/helpers/lists'
import db from '@adonisjs/lucid/services/db'
import { createCaller } from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer, assertAnswers } from '#tests/helpers/guards'
import { newId } from '#core/ids'

async function countSettings() {
  const [row] = await db.from('translation_settings').count('* as total')
  return Number(row.total)
}

function path(organizationId: string, id?: string) {
  return `/v1/orgs/${organizationId}/translations${id ? `/${id}` : ''}`
}

/** A row of the "rejects" table: a setting with these languages. */
function languagesRow(name: string, languages: unknown, field: string) {
  return { name, body: { title: 'T', languages }, field }
}

groupInTransaction('Translation settings: create, read, replace, delete', () => {
  test('an admin creates, reads, replaces and deletes settings', async ({ client, assert }) => {
    const admin = await createCaller()
    const created = await callAs(client, admin).post(path(admin.organizationId), {
      title: '  Product docs  ',
      languages: ['fr', 'pt-br'],
    })
    assertAnswer(created, 201)
    const settings = created.body()
    assert.equal(settings.object, 'translation-settings')
    assert.match(settings.id, /^[A-Za-z0-9]{20}$/)
    assert.equal(settings.title, 'Product docs')
    assert.deepEqual(settings.languages, ['fr', 'pt-br'])
    assert.deepEqual(settings.permissions, { view: true, edit: true })
    assert.match(settings.createdAt, /\.\d{3}Z$/)
    assert.equal(response_location(created), settings.urls.location)
    assert.equal(
      settings.urls.location,
      `http://${process.env.HOST}:${process.env.PORT}${path(admin.organizationId, settings.id)}`
    )

    const read = await callAs(client, admin).get(path(admin.organizationId, settings.id))
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), settings)

    const replaced = await callAs(client, admin).put(path(admin.organizationId, settings.id), {
      title: 'x'.repeat(100),
    })
    assertAnswer(replaced, 200)
    assert.equal(replaced.body().title, 'x'.repeat(100))
    // PUT replaces: omitted languages are cleared.
    assert.deepEqual(replaced.body().languages, [])
    assert.equal(replaced.body().createdAt, settings.createdAt)

    const deleted = await callAs(client, admin).delete(path(admin.organizationId, settings.id))
    assertAnswer(deleted, 205)
    assert.equal(deleted.text(), '')

    const gone = await callAs(client, admin).get(path(admin.organizationId, settings.id))
    assertAnswer(gone, 404)
    const again = await callAs(client, admin).delete(path(admin.organizationId, settings.id))
    assertAnswer(again, 404)
  })

  test('rejects {name} and stores nothing')
    .with([
      ...badTitleRows({ max: 100, missing: { languages: ['fr'] } }),
      languagesRow('languages as a string', 'fr', 'languages'),
      languagesRow('an unknown language code', ['klingon'], 'languages.0'),
      languagesRow('a repeated language', ['fr', 'fr'], 'languages'),
      { name: 'a body that is an array', body: ['T'], field: 'body' },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const admin = await createCaller()
      const before = await countSettings()
      const response = await callAs(client, admin).post(path(admin.organizationId), body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await countSettings(), before)

      const existing = await callAs(client, admin).post(path(admin.organizationId), {
        title: 'Kept',
      })
      existing.assertContract()
      const put = await callAs(client, admin).put(
        path(admin.organizationId, existing.body().id),
        body
      )
      assertAnswer(put, 400)
      const read = await callAs(client, admin).get(path(admin.organizationId, existing.body().id))
      assert.equal(read.body().title, 'Kept')
    })

  test('rejects malformed JSON', async ({ client }) => {
    const admin = await createCaller()
    await sendMalformedJson(client, admin, 'post', path(admin.organizationId), '{"title": "T"')
  })

  test("unknown ids and another organization's settings are 404", async ({ client, assert }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await callAs(client, other).post(path(other.organizationId), {
      title: 'Theirs',
    })
    foreign.assertContract()
    const foreignId = foreign.body().id

    for (const id of [newId(), 'not-an-id', foreignId]) {
      const read = await callAs(client, admin).get(path(admin.organizationId, id))
      assertAnswer(read, 404)
      const put = await callAs(client, admin).put(path(admin.organizationId, id), { title: 'Mine' })
      assertAnswer(put, 404)
      const del = await callAs(client, admin).delete(path(admin.organizationId, id))
      assertAnswer(del, 404)
    }
    // The other organization itself is invisible.
    const list = await callAs(client, admin).get(path(other.organizationId))
    assertAnswer(list, 404)
    const read = await callAs(client, admin).get(path(other.organizationId, foreignId))
    assertAnswer(read, 404)
    const theirs = await callAs(client, other).get(path(other.organizationId, foreignId))
    assert.equal(theirs.body().title, 'Theirs')
  })

  test(
    'every operation: no token or a wrong token is 401, a token without its scope is 403; nothing changes'
  ).run(async ({ client, assert }) => {
    const admin = await createCaller()
    const created = await callAs(client, admin).post(path(admin.organizationId), {
      title: 'Kept',
      languages: ['fr'],
    })
    created.assertContract()
    created.assertStatus(201)
    const id = created.body().id
    await assertTokenGuards(
      admin.user,
      recordOperations(client, path(admin.organizationId), id, {
        created: { title: 'New' },
        change: ['put', { title: 'Changed' }],
      })
    )
    const rows = await db
      .from('translation_settings')
      .where('organization_id', admin.organizationId)
      .select('id', 'title')
    assert.deepEqual(
      rows.map((row) => [row.id, row.title]),
      [[id, 'Kept']]
    )
  })
})

groupInTransaction('Translation settings: list', () => {
  test('pages through the settings oldest first', async ({ client, assert }) => {
    const admin = await createCaller()
    const titles = ['One', 'Two', 'Three'].map((title) => ({ title }))
    const ids = await createEach(client, admin, path(admin.organizationId), titles)
    await assertPagesThrough({ client, assert }, path(admin.organizationId), admin.token, ids)
  })

  test('rejects limit {limit}')
    .with([{ limit: 1001 }, { limit: 0 }, { limit: 'many' }])
    .run(async ({ client }, { limit }) => {
      const admin = await createCaller()
      const response = await callAs(client, admin).get(path(admin.organizationId), { limit })
      assertAnswer(response, 400)
    })
})

/** What each caller below admin may do with the settings. */
const settingsAccess = columnsByRole({
  read: { create: 200, edit: 200, read: 200, guest: 403, outsider: 404 },
  write: { create: 403, edit: 403, read: 403, guest: 403, outsider: 404 },
})

groupInTransaction('Translation settings: who may do what', () => {
  test('role {role}: reads {read}, writes {write}')
    .with(settingsAccess)
    .run(async ({ client, assert }, { role, read, write }) => {
      const { admin, caller: member, organizationId } = await adminAnd(role)
      const created = await callAs(client, admin).post(path(organizationId), { title: 'Docs' })
      created.assertContract()
      const id = created.body().id

      const list = await callAs(client, member).get(path(organizationId))
      assertAnswer(list, read)
      const show = await callAs(client, member).get(path(organizationId, id))
      assertAnswer(show, read)
      if (read === 200) {
        assert.deepEqual(show.body().permissions, { view: true, edit: false })
        assert.deepEqual(list.body().items[0].permissions, { view: true, edit: false })
      }

      const before = await countSettings()
      assertAnswers(
        [
          await callAs(client, member).post(path(organizationId), { title: 'Mine' }),
          await callAs(client, member).put(path(organizationId, id), { title: 'Mine' }),
          await callAs(client, member).delete(path(organizationId, id)),
        ],
        write
      )
      assert.equal(await countSettings(), before)
    })

  test('writes need the organization:write scope', async ({ client }) => {
    const admin = await createCaller()
    const readOnly = { token: await tokenWithScopes(admin.user, ['organization:read']) }
    const response = await callAs(client, readOnly).post(path(admin.organizationId), { title: 'T' })
    assertAnswer(response, 403)
    const list = await callAs(client, readOnly).get(path(admin.organizationId))
    assertAnswer(list, 200)
  })
})

function response_location(response: { header(name: string): string | undefined }) {
  return response.header('location')
}
