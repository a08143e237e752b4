import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import User from '#accounts/models/user'
import { authorSpace } from '#tests/helpers/authoring'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'
import {
  baseUrl,
  chromiumFor,
  createAccount,
  createFixture,
  createSpace,
  deleteFixtures,
  screenshot,
  type Account,
  type Fixture,
} from '#tests/helpers/browser'

const GUIDE = '# Guide\n\nOne.\n\nTwo.\n\nThree.\n\nFour.\n\nFive.\n\nSix.\n'

/**
 * The change-request loop in Debian's Chromium: an admin asks a reviewer, who approves in their
 * own browser; the admin merges and sees the change in the space; a second change request on the
 * same line is refused with the conflict and, updated from the space, shows the page in conflict.
 */
test.group('Console change requests in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  let reviewer: Account
  let spaceId: string
  let guideId: string
  let first: { id: string; number: number }
  let second: { id: string; number: number }

  group.setup(async () => {
    acme = await createFixture('crloop')
    reviewer = await createAccount('crloop-reviewer', {
      organizationId: acme.organizationId,
      role: 'review',
    })
    const admin = await User.findOrFail(acme.userId)
    spaceId = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    const authored = await authorSpace(admin.id, spaceId, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: GUIDE } },
    ])
    guideId = authored.revision.pages[0].node.id
    const changeRequests = new ChangeRequestService()
    const authoring = await app.container.make(ChangeRequestAuthoringService)
    const made = []
    for (const [subject, line] of [
      ['Say it better', 'Two, said better.'],
      ['Say it otherwise', 'Two, said otherwise.'],
    ]) {
      const changeRequest = await changeRequests.create(admin, authored.access, { subject })
      await authoring.apply(admin, authored.access, changeRequest, [
        {
          operation: 'update_page',
          page: guideId,
          document: { markdown: GUIDE.replace('Two.', line) },
        },
      ] as any)
      made.push({ id: changeRequest.id, number: changeRequest.number })
    }
    ;[first, second] = made
    return () => deleteFixtures([acme], [reviewer])
  })

  test('review, approve as another user, merge; a conflicting merge shows the conflict', async ({
    assert,
    cleanup,
  }) => {
    const crUrl = (id: string) => `${baseUrl}/console/spaces/${spaceId}/change-requests/${id}`
    const { page } = await chromium.signedIn(cleanup, acme)

    // The space lists both, filtered by status with counts.
    await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    const filters = page.getByTestId('change-request-filters')
    assert.include(await filters.getByTestId('change-request-filter-draft').textContent(), '2')
    await filters.getByTestId('change-request-filter-draft').click()
    await page.waitForURL(/status=draft/)
    await page.getByRole('link', { name: 'Say it better' }).click()
    await page.waitForURL(crUrl(first.id))

    // The diff of the page, then a review request.
    const change = page.getByTestId(`change-${guideId}`)
    assert.equal(await change.locator('.cr-diff-removed .cr-diff-text').textContent(), 'Two.')
    assert.equal(
      await change.locator('.cr-diff-added .cr-diff-text').textContent(),
      'Two, said better.'
    )
    await page.getByRole('button', { name: 'Ready for review' }).click()
    await page.getByTestId('notice').getByText('opened for review').waitFor()
    await page.getByLabel('Reviewer').selectOption(reviewer.userId)
    await page.getByRole('button', { name: 'Request review' }).click()
    await page.getByTestId(`reviewer-${reviewer.userId}`).waitFor()
    await screenshot(page, 'console-change-request')

    // The reviewer approves in their own browser.
    const { page: other } = await chromium.signedIn(cleanup, reviewer)
    await other.goto(crUrl(first.id))
    await other.getByLabel('Comment (optional)').fill('Reads well.')
    await other.getByTestId('approve').click()
    await other.getByTestId('notice').getByText('You approved').waitFor()
    assert.equal(await other.getByTestId('review-status').first().textContent(), 'Approved')
    assert.include(await other.getByTestId('reviews').textContent(), 'Reads well.')
    await screenshot(other, 'console-change-request-approved')

    // The admin merges and sees the change in the space.
    await page.reload()
    await page.getByTestId('merge').click()
    await page.getByTestId('merged-notice').waitFor()
    assert.include(await page.getByTestId('notice').textContent(), 'merged into the space')
    await page.goto(`${baseUrl}/console/spaces/${spaceId}/pages/${guideId}`)
    assert.include(await page.getByTestId('page-markdown').textContent(), 'Two, said better.')

    // The second one conflicts: refused, then updated from the space with the page marked.
    await page.goto(crUrl(second.id))
    await page.getByTestId('outdated').waitFor()
    await page.getByTestId('merge').click()
    const refusal = page.getByTestId('form-error')
    await refusal.waitFor()
    assert.include(await refusal.textContent(), 'Not merged')
    assert.include(await refusal.textContent(), '"Guide"')
    await screenshot(page, 'console-change-request-conflict')
    await page.getByTestId('update-from-space').click()
    await page.getByTestId('conflict-badge').waitFor()
    assert.include(await page.getByTestId('conflicts').textContent(), 'Guide')
    assert.include(await page.getByTestId('notice').textContent(), 'One page conflicts')
    await screenshot(page, 'console-change-request-updated')
  })
})
