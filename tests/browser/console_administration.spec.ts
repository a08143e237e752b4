import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import {
  baseUrl,
  createAccount,
  createFixture,
  deleteFixtures,
  chromiumFor,
  createSpace,
  type Account,
  type Fixture,
} from '#tests/helpers/browser'

/**
 * The console's organization administration (members, teams) and content (spaces, collections) in
 * Debian's Chromium, for an admin, a reader, a guest and an outsider of the organization.
 */
test.group('Console administration in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  let other: Fixture
  let reader: Account
  let editor: Account
  let leaver: Account
  let guest: Account
  let otherSpaceId: string
  let readableSpaceId: string

  group.setup(async () => {
    acme = await createFixture('acme')
    other = await createFixture('other')
    const membership = (role: 'read' | 'edit' | null) => ({
      organizationId: acme.organizationId,
      role,
    })
    reader = await createAccount('reader', membership('read'))
    editor = await createAccount('editor', membership('edit'))
    leaver = await createAccount('leaver', membership('read'))
    guest = await createAccount('guest', membership(null))
    otherSpaceId = await createSpace(other.userId, other.organizationId, 'Other secret')
    readableSpaceId = await createSpace(acme.userId, acme.organizationId, 'Readable')

    return () => deleteFixtures([acme, other], [reader, editor, leaver, guest])
  })

  const path = (page: Page) => new URL(page.url()).pathname

  test('an admin changes a member role, removes a member, and cannot demote the last admin', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}`)
    await page.getByRole('link', { name: 'Members' }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/members`)
    await page.getByTestId('member-list').waitFor()

    // Search (case-insensitive) and role filter narrow the list through the query string.
    await page.getByLabel('Search').fill(editor.email.toUpperCase())
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/search=/)
    await page.getByText('1 member match').waitFor()
    await page.getByRole('link', { name: 'Clear' }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/members`)
    assert.equal(await page.getByLabel('Search').inputValue(), '')
    await page.getByRole('search').locator('select[name="role"]').selectOption('guest')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/role=guest/)
    await page.getByText('1 member match').waitFor()
    assert.include(await page.getByTestId('member-list').innerText(), guest.email)
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/members`)

    // Role change: editor becomes review.
    const editorRow = page.getByTestId(`member-${editor.email}`)
    await editorRow.getByRole('combobox').selectOption('review')
    await editorRow.getByRole('button', { name: 'Save role' }).click()
    await page.getByTestId('notice').filter({ hasText: 'is now review' }).waitFor()
    await editorRow.getByTestId('member-role').filter({ hasText: 'review' }).waitFor()
    const stored = await db
      .from('organization_members')
      .where({ organization_id: acme.organizationId, user_id: editor.userId })
      .first()
    assert.equal(stored.role, 'review')

    // Removal, after a confirmation.
    const leaverRow = page.getByTestId(`member-${leaver.email}`)
    await leaverRow.getByRole('button', { name: 'Remove' }).click()
    await leaverRow.getByRole('button', { name: 'Confirm removal' }).click()
    await page.getByTestId('notice').filter({ hasText: 'was removed' }).waitFor()
    await leaverRow.waitFor({ state: 'detached' })
    const removed = await db
      .from('organization_members')
      .where({ organization_id: acme.organizationId, user_id: leaver.userId })
      .first()
    assert.isNull(removed ?? null)

    // The last admin: the service's 409 reason is shown, nothing changes.
    const selfRow = page.getByTestId(`member-${acme.email}`)
    await selfRow.getByRole('combobox').selectOption('read')
    await selfRow.getByRole('button', { name: 'Save role' }).click()
    const error = page.getByTestId('form-error')
    await error.waitFor()
    assert.include(await error.textContent(), 'The last admin of an organization cannot be demoted')
    await selfRow.getByRole('button', { name: 'Remove' }).click()
    await selfRow.getByRole('button', { name: 'Confirm removal' }).click()
    await page.getByTestId('form-error').filter({ hasText: 'cannot be removed' }).waitFor()
    const self = await db
      .from('organization_members')
      .where({ organization_id: acme.organizationId, user_id: acme.userId })
      .first()
    assert.equal(self.role, 'admin')
  })

  test('an admin creates a team, adds a member by e-mail and sees unknown addresses refused', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/teams`)

    // Validation errors are shown on the field.
    await page.getByRole('button', { name: 'Create team' }).click()
    await page.locator('.field-error').first().waitFor()

    const title = `Writers ${randomBytes(3).toString('hex')}`
    await page.getByLabel('New team').fill(title)
    await page.getByRole('button', { name: 'Create team' }).click()
    await page.waitForURL(new RegExp(`/console/orgs/${acme.organizationId}/teams/[A-Za-z0-9]{20}$`))
    assert.equal(await page.getByTestId('organization-title').textContent(), title)

    await page.getByLabel('Add a member by e-mail').fill(reader.email)
    await page.getByRole('button', { name: 'Add to team' }).click()
    await page.getByTestId(`team-member-${reader.email}`).waitFor()

    await page.getByLabel('Add a member by e-mail').fill('nobody-here@example.com')
    await page.getByRole('button', { name: 'Add to team' }).click()
    const error = page.getByTestId('form-error')
    await error.waitFor()
    assert.include(
      await error.textContent(),
      'no member of this organization is named "nobody-here@example.com"'
    )

    const teamId = path(page).split('/').pop()!
    const members = await db.from('team_members').where('team_id', teamId).select('user_id')
    assert.deepEqual(
      members.map((row) => row.user_id),
      [reader.userId]
    )

    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/teams`)
    assert.include(await page.getByTestId('team-list').innerText(), title)
  })

  test('an admin creates a collection and a space in it, opens it from the tree, edits and deletes it', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/spaces`)

    const suffix = randomBytes(3).toString('hex')
    await page.getByLabel('Collection title').fill(`Guides ${suffix}`)
    await page.getByRole('button', { name: 'Create collection' }).click()
    await page.waitForURL(/\/console\/collections\/[A-Za-z0-9]{20}$/)
    const collectionId = path(page).split('/').pop()!
    assert.equal(await page.getByTestId('organization-title').textContent(), `Guides ${suffix}`)

    // The space is created inside the collection from the collection's page.
    await page.getByLabel('Space title').fill(`Manual ${suffix}`)
    await page.getByRole('button', { name: 'Create space' }).click()
    await page.waitForURL(/\/console\/spaces\/[A-Za-z0-9]{20}$/)
    const spaceId = path(page).split('/').pop()!
    const settings = await page.getByTestId('space-settings').innerText()
    assert.match(settings, new RegExp(`In\\s+Guides ${suffix}`))

    // A collection that holds a space cannot be deleted: the 409 is shown.
    await page.goto(`${baseUrl}/console/collections/${collectionId}`)
    await page.getByRole('button', { name: 'Delete collection' }).click()
    await page.getByRole('button', { name: /^Confirm: delete/ }).click()
    await page
      .getByTestId('form-error')
      .filter({ hasText: 'still holds spaces or collections' })
      .waitFor()

    // From the tree: the space is nested in its collection.
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/spaces`)
    const collectionNode = page.getByTestId(`tree-collection-${collectionId}`)
    await collectionNode
      .getByTestId(`tree-space-${spaceId}`)
      .getByRole('link', { name: `Manual ${suffix}` })
      .click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}`)

    // An empty title is refused on the field; a good one is saved.
    const form = page.getByTestId('space-form')
    await form.getByLabel('Title').fill('')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.locator('.field-error').waitFor()
    await form.getByLabel('Title').fill(`Handbook ${suffix}`)
    await form.getByLabel('Visibility').selectOption('in-collection')
    await form.getByLabel('Default level').selectOption('comment')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('notice').filter({ hasText: 'Space settings saved' }).waitFor()
    assert.equal(await page.getByTestId('organization-title').textContent(), `Handbook ${suffix}`)
    const saved = await db.from('spaces').where('id', spaceId).first()
    assert.equal(saved.title, `Handbook ${suffix}`)
    assert.equal(saved.visibility, 'in-collection')
    assert.equal(saved.default_level, 'comment')

    await page.getByRole('button', { name: 'Delete space' }).click()
    await page.getByRole('button', { name: `Confirm: delete Handbook ${suffix}` }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/spaces`)
    await page.getByTestId('notice').filter({ hasText: 'deleted' }).waitFor()
    assert.equal(await page.getByTestId(`tree-space-${spaceId}`).count(), 0)
    const deleted = await db.from('spaces').where('id', spaceId).first()
    assert.isNotNull(deleted.deleted_at)
    const response = await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    assert.equal(response?.status(), 404)

    // Now empty, the collection can be deleted.
    await page.goto(`${baseUrl}/console/collections/${collectionId}`)
    await page.getByRole('button', { name: 'Delete collection' }).click()
    await page.getByRole('button', { name: /^Confirm: delete/ }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/spaces`)
    assert.isNull((await db.from('collections').where('id', collectionId).first()) ?? null)
  })

  test('a reader sees the pages without edit controls, and direct writes are refused', async ({
    assert,
    cleanup,
  }) => {
    const { page, context } = await chromium.signedIn(cleanup, reader)
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/members`)
    await page.getByTestId('member-list').waitFor()
    assert.equal(await page.getByRole('button', { name: 'Save role' }).count(), 0)
    assert.equal(await page.getByRole('button', { name: 'Remove' }).count(), 0)

    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/teams`)
    assert.equal(await page.getByRole('button', { name: 'Create team' }).count(), 0)

    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/spaces`)
    await page.getByTestId(`tree-space-${readableSpaceId}`).waitFor()
    assert.equal(await page.getByRole('button', { name: 'Create space' }).count(), 0)

    await page.goto(`${baseUrl}/console/spaces/${readableSpaceId}`)
    await page.getByTestId('space-settings').waitFor()
    assert.equal(await page.getByTestId('space-form').count(), 0)
    assert.equal(await page.getByRole('button', { name: 'Delete space' }).count(), 0)

    // The same requests the forms would send, with a valid session and CSRF token: refused with
    // the policy's reason flashed, and nothing changes.
    const cookies = await context.cookies()
    const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value)
    const write = (method: 'post' | 'patch' | 'delete', url: string, data?: object) =>
      page.request.fetch(`${baseUrl}${url}`, {
        method,
        data,
        headers: {
          'x-xsrf-token': xsrf,
          'referer': `${baseUrl}/console/spaces/${readableSpaceId}`,
        },
        maxRedirects: 0,
      })

    const patch = await write('patch', `/console/spaces/${readableSpaceId}`, { title: 'Hijacked' })
    assert.equal(patch.status(), 302)
    const create = await write('post', `/console/orgs/${acme.organizationId}/spaces`, {
      title: 'Sneaky',
    })
    assert.equal(create.status(), 302)
    const demote = await write(
      'patch',
      `/console/orgs/${acme.organizationId}/members/${acme.userId}`,
      { role: 'read' }
    )
    assert.equal(demote.status(), 302)
    const remove = await write('delete', `/console/spaces/${readableSpaceId}`)
    assert.equal(remove.status(), 302)

    await page.goto(`${baseUrl}/console/spaces/${readableSpaceId}`)
    const error = page.getByTestId('form-error')
    await error.waitFor()
    assert.include(await error.textContent(), 'Only admins of this space can do this')
    const space = await db.from('spaces').where('id', readableSpaceId).first()
    assert.equal(space.title, 'Readable')
    assert.isNull(space.deleted_at)
    assert.isNull((await db.from('spaces').where('title', 'Sneaky').first()) ?? null)
    const admin = await db
      .from('organization_members')
      .where({ organization_id: acme.organizationId, user_id: acme.userId })
      .first()
    assert.equal(admin.role, 'admin')
  })

  test("another organization's records are the console's not-found page; a guest may not list members", async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    for (const url of [
      `/console/spaces/${otherSpaceId}`,
      '/console/spaces/NoSuchSpace000000000',
      `/console/orgs/${other.organizationId}/members`,
      `/console/orgs/${other.organizationId}/spaces`,
      `/console/collections/NoSuchCollection0000`,
    ]) {
      const response = await page.goto(`${baseUrl}${url}`)
      assert.equal(response?.status(), 404, url)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      assert.notInclude(await page.content(), 'Other secret')
    }

    const { page: guestPage } = await chromium.signedIn(cleanup, guest)
    await guestPage.goto(`${baseUrl}/console/orgs/${acme.organizationId}`)
    assert.equal(await guestPage.getByRole('link', { name: 'Members' }).count(), 0)
    const response = await guestPage.goto(`${baseUrl}/console/orgs/${acme.organizationId}/members`)
    assert.equal(response?.status(), 403)
    await guestPage.getByRole('heading', { name: 'Not allowed' }).waitFor()
    // The guest sees no space: nothing is shared with them.
    await guestPage.goto(`${baseUrl}/console/orgs/${acme.organizationId}/spaces`)
    await guestPage.getByText('No space or collection you can see yet.').waitFor()
    const hidden = await guestPage.goto(`${baseUrl}/console/spaces/${readableSpaceId}`)
    assert.equal(hidden?.status(), 404)
  })
})
