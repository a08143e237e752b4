import { test } from '@japa/runner'
import User from '#accounts/models/user'
import ChangeRequestService from '#change_requests/services/change_request_service'
import { authorSpace } from '#tests/helpers/authoring'
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
 * A change request's comments in Debian's Chromium: a thread with a reply, a reaction toggled on
 * and the thread resolved; its markdown rendered, its HTML never run.
 */
test.group('Console comments in a browser', (group) => {
  group.tap((t) => t.tags(['@comments']))
  const chromium = chromiumFor(group)
  let acme: Fixture
  let crUrl: string

  group.setup(async () => {
    acme = await createFixture('comments')
    const admin = await User.findOrFail(acme.userId)
    const spaceId = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    const authored = await authorSpace(admin.id, spaceId, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nHello.\n' } },
    ])
    const changeRequest = await new ChangeRequestService().create(admin, authored.access, {
      subject: 'Say it better',
    })
    crUrl = `${baseUrl}/console/spaces/${spaceId}/change-requests/${changeRequest.id}`
    return () => deleteFixtures([acme])
  })

  test('a thread with a reply, a reaction and resolved', async ({ assert, cleanup }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(crUrl)
    const discussion = page.getByTestId('discussion')
    assert.include(await discussion.textContent(), 'No comments yet.')

    const newComment = discussion.getByTestId('new-comment')
    await newComment
      .getByLabel('New comment')
      .fill('Needs a **summary**. <img src="x" onerror="window.__injected = true">')
    await newComment.getByRole('button', { name: 'Comment' }).click()
    await page.getByTestId('notice').getByText('Comment posted.').waitFor()
    const thread = discussion.locator('.comment-thread').first()
    const body = thread.getByTestId('comment-body').first()
    assert.equal(await body.locator('strong').textContent(), 'summary')
    assert.equal(await body.locator('img, [onerror]').count(), 0)

    await thread.getByTestId('reply-form').getByLabel('Reply').fill('Added one.')
    await thread.getByTestId('reply-form').getByRole('button', { name: 'Reply' }).click()
    await page.getByTestId('notice').getByText('Reply posted.').waitFor()
    assert.include(await thread.locator('.comment-reply').textContent(), 'Added one.')

    await thread.getByTestId('reaction-🎉').first().click()
    await page.getByTestId('notice').getByText('You reacted with 🎉.').waitFor()
    const reaction = thread.getByTestId('reaction-🎉').first()
    assert.equal(await reaction.getAttribute('aria-pressed'), 'true')
    assert.equal(await reaction.locator('.reaction-count').textContent(), '1')

    await thread.getByTestId('resolve').click()
    await page.getByTestId('notice').getByText('Thread resolved.').waitFor()
    assert.include(await thread.getByTestId('comment-resolved').textContent(), 'Resolved by')
    await discussion.scrollIntoViewIfNeeded()
    await screenshot(page, 'console-comments')
    assert.isUndefined(await page.evaluate(() => (window as any).__injected))
    assert.deepEqual(dialogs, [])
  })
})
