import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import User from '#accounts/models/user'
import CollectionService from '#spaces/services/collection_service'
import TeamService from '#organizations/services/team_service'
import OrganizationService from '#organizations/services/organization_service'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  createSpace,
  deleteFixtures,
  screenshot,
  type Fixture,
} from '#tests/helpers/browser'

/**
 * Space administration in Debian's Chromium, as an organization's admin clicks it: a team granted
 * a role, a move into a collection, the PDF link, a duplicate deleted and restored from the trash.
 */
test.group('Console space administration in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  let spaceId: string
  let teamTitle: string

  group.setup(async () => {
    acme = await createFixture('spaceadmin')
    const admin = await User.findOrFail(acme.userId)
    spaceId = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    const collections = await app.container.make(CollectionService)
    await collections.create(admin, acme.organizationId, { title: 'Guides' })
    const organization = await new OrganizationService().accessFor(admin, acme.organizationId)
    const teams = await app.container.make(TeamService)
    teamTitle = `Writers ${acme.organizationId.slice(0, 6)}`
    await teams.create(admin, organization, { title: teamTitle })
    return () => deleteFixtures([acme])
  })

  test('grant a team, move, PDF, duplicate, delete and restore from the trash', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    const spaceUrl = `${baseUrl}/console/spaces/${spaceId}`
    await page.goto(spaceUrl)

    // Grant the team a role.
    const grantForm = page.getByTestId('grant-space-form')
    await grantForm.getByLabel('Member or team').selectOption({ label: `Team ${teamTitle}` })
    await grantForm.getByLabel('Role').selectOption('edit')
    await grantForm.getByRole('button', { name: 'Grant access' }).click()
    await page.getByTestId('notice').getByText('Granted edit on this space.').waitFor()
    const grants = page.getByTestId('grants')
    assert.include(await grants.locator('tbody').textContent(), `Team ${teamTitle}`)
    await grants.getByLabel(`Role of team ${teamTitle}`).selectOption('review')
    await grants.getByRole('button', { name: 'Save role' }).click()
    await page.getByTestId('notice').getByText('Role changed to review.').waitFor()

    // Move it into the collection.
    const move = page.getByTestId('move-space-form')
    await move.getByLabel('To').selectOption({ label: 'Guides' })
    await move.getByRole('button', { name: 'Move' }).click()
    await page.getByTestId('notice').getByText('Space Handbook moved.').waitFor()
    assert.include(await page.getByTestId('space-settings').textContent(), 'Guides')
    await screenshot(page, 'console_space_admin')

    // The PDF link answers a PDF for the signed-in browser.
    const href = await page.getByTestId('pdf-link').getAttribute('href')
    const pdf = await page.request.get(`${baseUrl}${href}`)
    assert.equal(pdf.status(), 200)
    assert.equal(pdf.headers()['content-type'], 'application/pdf')
    const bytes = await pdf.body()
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-')

    // Duplicate, then delete the copy and restore it from the trash.
    await page.getByTestId('duplicate-space').click()
    await page.getByTestId('notice').getByText('Space Handbook duplicated.').waitFor()
    const copyUrl = page.url()
    assert.notEqual(copyUrl, spaceUrl)
    await page.getByRole('button', { name: 'Delete space' }).click()
    await page.getByRole('button', { name: 'Confirm: delete Handbook' }).click()
    await page.getByTestId('notice').getByText('Space Handbook deleted.').waitFor()
    await page.getByRole('link', { name: 'Trash: deleted spaces to restore' }).click()
    const trash = page.getByTestId('trash')
    await trash.waitFor()
    assert.include(await trash.textContent(), 'Handbook')
    await screenshot(page, 'console_space_admin_trash')
    await trash.getByRole('button', { name: 'Restore' }).click()
    await page.getByTestId('notice').getByText('Space Handbook restored.').waitFor()
    assert.equal(page.url(), copyUrl)

    // The collection it moved into: its own grants, move and transfer forms.
    await page.getByTestId('space-settings').getByRole('link', { name: 'Guides' }).click()
    await page.getByTestId('move-collection-form').waitFor()
    assert.equal(await page.getByTestId('grant-collection-form').count(), 1)
    await screenshot(page, 'console_space_admin_collection')
  })
})
