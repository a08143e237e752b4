import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { signedInRoster } from './console_visitor.js'

/**
 * What the browser shows must match what the API stores: emoji in GitBook's code-point form,
 * titles never made up, no console page kept by the browser's cache, refusals in plain words.
 */
test.group('Console correctness', (group) => {
  eachTestInTransaction(group)

  test('an emoji typed in a form is stored in code-point form and shown as the emoji', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const spaces = `/console/orgs/${roster.organizationId}/spaces`
    await as.admin.page(spaces)
    const created = await as.admin.submit('POST', spaces, { title: 'Launch notes', emoji: '🎉' })
    assert.equal(created.status, 302)
    const row = await db
      .from('spaces')
      .where({ organization_id: roster.organizationId, title: 'Launch notes' })
      .firstOrFail()
    assert.equal(row.emoji, '1f389')

    const api = await client.get(`/v1/spaces/${row.id}`).bearerToken(roster.admin.token)
    api.assertStatus(200)
    assert.equal(api.body().emoji, '1f389')

    const page = await as.admin.page(`/console/spaces/${row.id}`)
    assert.equal(page.props.space.emoji, '🎉')

    // A sequence (a ZWJ emoji) round-trips; an emoji sent by an API client as the character is
    // shown as it is.
    await as.admin.submit('PATCH', `/console/spaces/${row.id}`, { emoji: '👩‍💻' })
    const updated = await db.from('spaces').where('id', row.id).firstOrFail()
    assert.equal(updated.emoji, '1f469-200d-1f4bb')
    const shown = await as.admin.page(`/console/spaces/${row.id}`)
    assert.equal(shown.props.space.emoji, '👩‍💻')
    await db.from('spaces').where('id', row.id).update({ emoji: '📘' })
    const asSent = await as.admin.page(`/console/spaces/${row.id}`)
    assert.equal(asSent.props.space.emoji, '📘')
    const list = await as.admin.page(spaces)
    assert.include(JSON.stringify(list.props), '📘')
  })

  test('an empty title is refused with the field error, never made "Untitled"', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const spaces = `/console/orgs/${roster.organizationId}/spaces`
    const before = await db.from('spaces').where('organization_id', roster.organizationId)
    await as.admin.page(spaces)
    await as.admin.submit('POST', spaces, { title: '', emoji: '' })
    const errors = await as.admin.flashedErrors(spaces)
    assert.equal(errors.title, "Title can't be empty.")

    await as.admin.submit('POST', `/console/orgs/${roster.organizationId}/collections`, {
      title: '   ',
    })
    const collectionErrors = await as.admin.flashedErrors(spaces)
    assert.equal(collectionErrors.title, "Title can't be empty.")
    const after = await db.from('spaces').where('organization_id', roster.organizationId)
    const collections = await db.from('collections').where('organization_id', roster.organizationId)
    assert.lengthOf(after, before.length)
    assert.lengthOf(collections, 0)
  })

  test('refusals name the field in words, not its path or rule', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const spaces = `/console/orgs/${roster.organizationId}/spaces`
    await as.admin.page(spaces)
    await as.admin.submit('POST', spaces, { title: 'x'.repeat(51), editMode: 'sometimes' })
    const errors = await as.admin.flashedErrors(spaces)
    assert.equal(errors.title, 'Title must be at most 50 characters long.')
    assert.match(errors.editMode, /^Edit mode must be one of: /)
    assert.notMatch(Object.values(errors).join(' '), /rule|Invalid request|maxLength|editMode/)
  })

  test('console pages, redirects and refusals are never stored by the browser', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const login = await client.get('/console/login').redirects(0)
    assert.equal(login.header('cache-control'), 'no-store')
    const signedOut = await client.get(`/console/orgs/${roster.organizationId}`).redirects(0)
    assert.equal(signedOut.header('cache-control'), 'no-store')
    const page = await as.admin.page(`/console/orgs/${roster.organizationId}`)
    assert.equal(page.response.header('cache-control'), 'no-store')
    const missing = await as.outsider.page(`/console/orgs/${roster.organizationId}`)
    assert.equal(missing.status, 404)
    assert.equal(missing.response.header('cache-control'), 'no-store')
    // Ended before the console's own middleware would run: a form without its CSRF token.
    const forged = await client
      .post(`/console/orgs/${roster.organizationId}/spaces`)
      .form({ title: 'Forged' })
      .redirects(0)
    assert.notEqual(forged.status(), 200)
    assert.equal(forged.header('cache-control'), 'no-store')
  })
})
