import { test } from '@japa/runner'
import { adminAnd, byRole } from '#tests/helpers/roles'
import { assertPagesThrough } from '#tests/helpers/lists'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer, assertAnswers } from '#tests/helpers/guards'
import { newId } from '#core/ids'

async function countSettings() {
  const [row] = await db.from('translation_settings').count('* as total')
  return Number(row.total)
}

function path(organizationId: string, id?: string) {
  return `/v1/orgs/${organizationId}/translations${id ? `/${id}` : ''}`
}

test.group('Translation settings: create, read, replace, delete', (group) => {
  eachTestInTransaction(group)

  test('an admin creates, reads, replaces and deletes settings', async ({ client, assert }) => {
    const admin = await createCaller()
    const created = await client
      .post(path(admin.organizationId))
      .bearerToken(admin.token)
      .json({ title: '  Product docs  ', languages: ['fr', 'pt-br'] })
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

    const read = await client.get(path(admin.organizationId, settings.id)).bearerToken(admin.token)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), settings)

    const replaced = await client
      .put(path(admin.organizationId, settings.id))
      .bearerToken(admin.token)
      .json({ title: 'x'.repeat(100) })
    assertAnswer(replaced, 200)
    assert.equal(replaced.body().title, 'x'.repeat(100))
    // PUT replaces: omitted languages are cleared.
    assert.deepEqual(replaced.body().languages, [])
    assert.equal(replaced.body().createdAt, settings.createdAt)

    const deleted = await client
      .delete(path(admin.organizationId, settings.id))
      .bearerToken(admin.token)
    assertAnswer(deleted, 205)
    assert.equal(deleted.text(), '')

    const gone = await client.get(path(admin.organizationId, settings.id)).bearerToken(admin.token)
    assertAnswer(gone, 404)
    const again = await client
      .delete(path(admin.organizationId, settings.id))
      .bearerToken(admin.token)
    assertAnswer(again, 404)
  })

  test('rejects {name} and stores nothing')
    .with([
      { name: 'a missing title', body: { languages: ['fr'] }, field: 'title' },
      { name: 'an empty title', body: { title: '' }, field: 'title' },
      { name: 'a blank title', body: { title: '   ' }, field: 'title' },
      { name: 'a 101-character title', body: { title: 'x'.repeat(101) }, field: 'title' },
      { name: 'a numeric title', body: { title: 42 }, field: 'title' },
      { name: 'a null title', body: { title: null }, field: 'title' },
      { name: 'languages as a string', body: { title: 'T', languages: 'fr' }, field: 'languages' },
      {
        name: 'an unknown language code',
        body: { title: 'T', languages: ['klingon'] },
        field: 'languages.0',
      },
      {
        name: 'a repeated language',
        body: { title: 'T', languages: ['fr', 'fr'] },
        field: 'languages',
      },
      { name: 'a body that is an array', body: ['T'], field: 'body' },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const admin = await createCaller()
      const before = await countSettings()
      const response = await client
        .post(path(admin.organizationId))
        .bearerToken(admin.token)
        .json(body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await countSettings(), before)

      const existing = await client
        .post(path(admin.organizationId))
        .bearerToken(admin.token)
        .json({ title: 'Kept' })
      existing.assertContract()
      const put = await client
        .put(path(admin.organizationId, existing.body().id))
        .bearerToken(admin.token)
        .json(body)
      assertAnswer(put, 400)
      const read = await client
        .get(path(admin.organizationId, existing.body().id))
        .bearerToken(admin.token)
      assert.equal(read.body().title, 'Kept')
    })

  test('rejects malformed JSON', async ({ client }) => {
    const admin = await createCaller()
    const response = await client
      .post(path(admin.organizationId))
      .bearerToken(admin.token)
      .header('Content-Type', 'application/json')
      .json('{"title": "T"')
    assertAnswer(response, 400)
  })

  test("unknown ids and another organization's settings are 404", async ({ client, assert }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await client
      .post(path(other.organizationId))
      .bearerToken(other.token)
      .json({ title: 'Theirs' })
    foreign.assertContract()
    const foreignId = foreign.body().id

    for (const id of [newId(), 'not-an-id', foreignId]) {
      const read = await client.get(path(admin.organizationId, id)).bearerToken(admin.token)
      assertAnswer(read, 404)
      const put = await client
        .put(path(admin.organizationId, id))
        .bearerToken(admin.token)
        .json({ title: 'Mine' })
      assertAnswer(put, 404)
      const del = await client.delete(path(admin.organizationId, id)).bearerToken(admin.token)
      assertAnswer(del, 404)
    }
    // The other organization itself is invisible.
    const list = await client.get(path(other.organizationId)).bearerToken(admin.token)
    assertAnswer(list, 404)
    const read = await client.get(path(other.organizationId, foreignId)).bearerToken(admin.token)
    assertAnswer(read, 404)
    const theirs = await client.get(path(other.organizationId, foreignId)).bearerToken(other.token)
    assert.equal(theirs.body().title, 'Theirs')
  })

  test('every operation: no token or a wrong token is 401, a token without its scope is 403; nothing changes', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const created = await client
      .post(path(admin.organizationId))
      .bearerToken(admin.token)
      .json({ title: 'Kept', languages: ['fr'] })
    created.assertContract()
    created.assertStatus(201)
    const id = created.body().id
    await assertTokenGuards(admin.user, [
      { send: () => client.get(path(admin.organizationId)), scope: 'organization:read' },
      {
        send: () => client.post(path(admin.organizationId)).json({ title: 'New' }),
        scope: 'organization:write',
      },
      { send: () => client.get(path(admin.organizationId, id)), scope: 'organization:read' },
      {
        send: () => client.put(path(admin.organizationId, id)).json({ title: 'Changed' }),
        scope: 'organization:write',
      },
      { send: () => client.delete(path(admin.organizationId, id)), scope: 'organization:write' },
    ])
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

test.group('Translation settings: list', (group) => {
  eachTestInTransaction(group)

  test('pages through the settings oldest first', async ({ client, assert }) => {
    const admin = await createCaller()
    const ids: string[] = []
    for (const title of ['One', 'Two', 'Three']) {
      const created = await client
        .post(path(admin.organizationId))
        .bearerToken(admin.token)
        .json({ title })
      created.assertContract()
      ids.push(created.body().id)
    }
    await assertPagesThrough({ client, assert }, path(admin.organizationId), admin.token, ids)
  })

  test('rejects limit {limit}')
    .with([{ limit: 1001 }, { limit: 0 }, { limit: 'many' }])
    .run(async ({ client }, { limit }) => {
      const admin = await createCaller()
      const response = await client
        .get(path(admin.organizationId))
        .qs({ limit })
        .bearerToken(admin.token)
      assertAnswer(response, 400)
    })
})

test.group('Translation settings: who may do what', (group) => {
  eachTestInTransaction(group)

  test('role {role}: reads {read}, writes {write}')
    .with(
      byRole({
        create: { read: 200, write: 403 },
        edit: { read: 200, write: 403 },
        read: { read: 200, write: 403 },
        guest: { read: 403, write: 403 },
        outsider: { read: 404, write: 404 },
      })
    )
    .run(async ({ client, assert }, { role, read, write }) => {
      const { admin, caller: member, organizationId } = await adminAnd(role)
      const created = await client
        .post(path(organizationId))
        .bearerToken(admin.token)
        .json({ title: 'Docs' })
      created.assertContract()
      const id = created.body().id

      const list = await client.get(path(organizationId)).bearerToken(member.token)
      assertAnswer(list, read)
      const show = await client.get(path(organizationId, id)).bearerToken(member.token)
      assertAnswer(show, read)
      if (read === 200) {
        assert.deepEqual(show.body().permissions, { view: true, edit: false })
        assert.deepEqual(list.body().items[0].permissions, { view: true, edit: false })
      }

      const before = await countSettings()
      assertAnswers(
        [
          await client.post(path(organizationId)).bearerToken(member.token).json({ title: 'Mine' }),
          await client
            .put(path(organizationId, id))
            .bearerToken(member.token)
            .json({ title: 'Mine' }),
          await client.delete(path(organizationId, id)).bearerToken(member.token),
        ],
        write
      )
      assert.equal(await countSettings(), before)
    })

  test('writes need the organization:write scope', async ({ client }) => {
    const admin = await createCaller()
    const { default: User } = await import('#accounts/models/user')
    const token = await User.accessTokens.create(admin.user, ['organization:read'])
    const response = await client
      .post(path(admin.organizationId))
      .bearerToken(token.value!.release())
      .json({ title: 'T' })
    assertAnswer(response, 403)
    const list = await client.get(path(admin.organizationId)).bearerToken(token.value!.release())
    assertAnswer(list, 200)
  })
})

function response_location(response: { header(name: string): string | undefined }) {
  return response.header('location')
}
