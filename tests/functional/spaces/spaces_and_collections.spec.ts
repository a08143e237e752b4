import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { adminAnd, byRole, statusByRole } from '#tests/helpers/roles'
import { apiAs } from '#tests/helpers/api_as'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { create, KINDS, type Kind } from './helpers.js'

async function countRows(kind: Kind) {
  const [row] = await db.from(KINDS[kind].table).count('* as total')
  return Number(row.total)
}

const ALLOWED = { view: 200, update: 200 }
const READ_ONLY = { view: 200, update: 403 }
const HIDDEN = { view: 404, update: 404 }

/**
 * The rows of `table` for each kind, with the kind first: `{ kind, ...row }`.
 */
function forKinds<T extends object>(table: { [K in Kind]: T[] }) {
  return (Object.keys(table) as Kind[]).flatMap((kind) =>
    table[kind].map((row) => ({ kind, ...row }))
  )
}

test.group('What spaces and collections share', (group) => {
  eachTestInTransaction(group)

  test('creating a {kind} rejects {name} and creates nothing')
    .with(
      forKinds<{ name: string; body: Record<string, unknown>; field: string }>({
        space: [
          { name: 'a 51-character title', body: { title: 'x'.repeat(51) }, field: 'title' },
          { name: 'a numeric title', body: { title: 42 }, field: 'title' },
          { name: 'a null title', body: { title: null }, field: 'title' },
          { name: 'a 51-character emoji', body: { emoji: 'x'.repeat(51) }, field: 'emoji' },
          { name: 'an unknown editMode', body: { editMode: 'frozen' }, field: 'editMode' },
          { name: 'an unknown parent', body: { parent: newId() }, field: 'parent' },
          { name: 'a parent as a number', body: { parent: 7 }, field: 'parent' },
          {
            name: 'a template, which is not supported',
            body: { template: { id: 'x' } },
            field: 'template',
          },
        ],
        collection: [
          { name: 'a 51-character title', body: { title: 'c'.repeat(51) }, field: 'title' },
          { name: 'a boolean title', body: { title: true }, field: 'title' },
          { name: 'an unknown parent', body: { parent: newId() }, field: 'parent' },
          { name: 'a malformed parent', body: { parent: 'not an id' }, field: 'parent' },
        ],
      })
    )
    .run(async ({ client, assert }, { kind, body, field }) => {
      const admin = await createCaller()
      const before = await countRows(kind)
      const url = `/v1/orgs/${admin.organizationId}/${KINDS[kind].path}`
      const response = await apiAs(client, admin).post(url, body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await countRows(kind), before)
    })

  test('role {role} creating a {kind} at the root: {status}')
    .with([
      ...statusByRole({
        admin: 201,
        create: 201,
        review: 403,
        edit: 403,
        read: 403,
        guest: 403,
      }).map((row) => ({ kind: 'space' as Kind, ...row })),
      ...statusByRole({ admin: 201, create: 201, edit: 403, read: 403, guest: 403 }).map((row) => ({
        kind: 'collection' as Kind,
        ...row,
      })),
    ])
    .run(async ({ client, assert }, { kind, role, status }) => {
      const { admin, caller } = await adminAnd(role)
      const url = `/v1/orgs/${admin.organizationId}/${KINDS[kind].path}`
      const response = await apiAs(client, caller).post(url, { title: 'Mine' })
      assertAnswer(response, status)
      // A creator administers what they create.
      if (status === 201) assert.isTrue(response.body().permissions.admin)
    })

  test('PATCH of a {kind} rejects {name}')
    .with(
      forKinds<{ name: string; body: Record<string, unknown> }>({
        space: [
          { name: 'a 51-character title', body: { title: 'y'.repeat(51) } },
          { name: 'a null title', body: { title: null } },
          { name: 'an unknown visibility', body: { visibility: 'secret' } },
          { name: 'an unknown defaultLevel', body: { defaultLevel: 'owner' } },
          { name: 'in-collection for a root space', body: { visibility: 'in-collection' } },
          { name: 'an icon, which is not supported', body: { icon: 'https://example.com/i.png' } },
          { name: 'a language, which is not supported', body: { language: 'fr' } },
        ],
        collection: [
          { name: 'a 101-character description', body: { description: 'd'.repeat(101) } },
          { name: 'a 51-character title', body: { title: 't'.repeat(51) } },
          { name: 'a null title', body: { title: null } },
          { name: 'an unknown defaultLevel', body: { defaultLevel: 'inherit-ish' } },
        ],
      })
    )
    .run(async ({ client, assert }, { kind, body }) => {
      const admin = await createCaller()
      const api = apiAs(client, admin)
      const record = await create(kind, client, admin, { title: 'Kept' })
      const url = `/v1/${KINDS[kind].path}/${record.id}`
      assertAnswer(await api.patch(url, body), 400)
      const read = await api.get(url)
      assert.equal(read.body().title, 'Kept')
      if (kind === 'space') assert.equal(read.body().visibility, 'private')
    })

  // Cleared, an emoji is an empty string and a description is left out; a defaultLevel is null.
  test('an admin updates a {kind} and clears its optional fields')
    .with([
      {
        kind: 'space' as Kind,
        updated: { title: 'Renamed', emoji: '🚀', editMode: 'locked', defaultLevel: 'edit' },
        inCollection: { visibility: 'in-collection' },
        cleared: { emoji: '' },
      },
      {
        kind: 'collection' as Kind,
        updated: { title: 'Renamed', description: 'All the guides', defaultLevel: 'edit' },
        cleared: { description: undefined },
      },
    ])
    .run(async ({ client, assert }, { kind, updated, inCollection, cleared }) => {
      const admin = await createCaller()
      const parent = await create('collection', client, admin)
      const { id } = await create(kind, client, admin, inCollection && { parent: parent.id })
      const url = `/v1/${KINDS[kind].path}/${id}`
      const body = { ...updated, ...inCollection }
      const response = await apiAs(client, admin).patch(url, body)
      assertAnswer(response, 200)
      assert.include(response.body(), body)
      const nulls = Object.fromEntries(Object.keys(cleared).map((field) => [field, null]))
      const after = await apiAs(client, admin).patch(url, { ...nulls, defaultLevel: null })
      assertAnswer(after, 200)
      assert.isNull(after.body().defaultLevel)
      for (const [field, value] of Object.entries(cleared)) {
        if (value === undefined) assert.notProperty(after.body(), field)
        else assert.equal(after.body()[field], value)
      }
    })

  test('role {role} on a {kind}: view {view}, update and delete {update}')
    .with(
      (['space', 'collection'] as const).flatMap((kind) =>
        byRole({
          admin: ALLOWED,
          create: READ_ONLY,
          edit: READ_ONLY,
          read: READ_ONLY,
          guest: HIDDEN,
        }).map((row) => ({ kind, ...row }))
      )
    )
    .run(async ({ client, assert }, { kind, role, view, update }) => {
      const { admin, caller } = await adminAnd(role)
      const api = apiAs(client, caller)
      const record = await create(kind, client, admin)
      const url = `/v1/${KINDS[kind].path}/${record.id}`
      const read = await api.get(url)
      assertAnswer(read, view)
      if (view === 200) assert.equal(read.body().permissions.admin, role === 'admin')
      assertAnswer(await api.patch(url, { title: 'X' }), update)
      const stranger = await createCaller()
      assertAnswer(await apiAs(client, stranger).get(url), 404)
      assertAnswer(await api.delete(url), update === 200 ? 205 : update)
    })
})
