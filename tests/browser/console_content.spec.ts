import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import User from '#accounts/models/user'
import { authorSpace, guideWithLogo } from '#tests/helpers/authoring'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'
import {
  baseUrl,
  createFixture,
  deleteFixtures,
  chromiumFor,
  createSpace,
  type Cleanup,
  type Fixture,
} from '#tests/helpers/browser'

const SCRIPT = '<script>window.__injected = true; alert("xss")</script>'
const IMAGE = '<img src="x" onerror="window.__injected = true">'

/**
 * A space's content in the console, in Debian's Chromium: the page tree of its current revision,
 * a page's markdown shown as text (never run), a change request and its pages, revisions, and
 * the not-found page.
 */
test.group('Console content in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  let spaceId: string
  let revisionId: string
  let guideId: string
  let nestedId: string
  let changeRequestId: string
  let changeRequestNumber: number
  let draftId: string
  let authorName: string

  group.setup(async () => {
    acme = await createFixture('content')
    const admin = await User.findOrFail(acme.userId)
    authorName = admin.displayName || admin.email
    spaceId = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    const authored = await authorSpace(
      admin.id,
      spaceId,
      guideWithLogo(
        `# Guide\n\nWelcome aboard. ![logo](./logo)\n\n${SCRIPT}\n\n${IMAGE}\n`,
        '# Nested\n\nInside the guide.\n'
      )
    )
    const access = authored.access
    revisionId = authored.revision.id
    guideId = authored.revision.pages[0].node.id
    nestedId = authored.revision.pages[0].children[0].node.id

    const changeRequests = new ChangeRequestService()
    const changeRequest = await changeRequests.create(admin, access, { subject: 'Add a draft' })
    changeRequestId = changeRequest.id
    changeRequestNumber = changeRequest.number
    const drafting = await app.container.make(ChangeRequestAuthoringService)
    const drafted = await drafting.apply(admin, access, changeRequest, [
      { operation: 'insert_page', document: { markdown: '# Draft\n\nNot merged yet.\n' } },
    ] as any)
    draftId = drafted.revision.pages.find((page) => page.node.title === 'Draft')!.node.id

    return () => deleteFixtures([acme])
  })

  async function newPage(cleanup: Cleanup) {
    const { page } = await chromium.signedIn(cleanup, acme)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    return { page, dialogs }
  }

  const tree = (page: Page) => page.getByTestId('content-tree')

  test('the space shows its page tree; a page shows its markdown as text, never run', async ({
    assert,
    cleanup,
  }) => {
    const { page, dialogs } = await newPage(cleanup)
    await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    await tree(page).waitFor()
    assert.equal(
      await tree(page)
        .getByTestId(`tree-page-${guideId}`)
        .getByRole('link', { name: 'Guide' })
        .count(),
      1
    )
    assert.equal(
      await tree(page)
        .getByTestId(`tree-page-${nestedId}`)
        .getByRole('link', { name: 'Nested' })
        .count(),
      1
    )

    await tree(page).getByRole('link', { name: 'Guide' }).click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}/pages/${guideId}`)
    assert.equal(await page.getByTestId('page-title').textContent(), 'Guide')
    assert.equal(await page.getByTestId('page-path').textContent(), 'guide')
    assert.equal(await page.getByTestId('page-description').textContent(), 'Where to start')
    const markdown = (await page.getByTestId('page-markdown').textContent()) ?? ''
    assert.include(markdown, 'Welcome aboard.')
    assert.include(markdown, SCRIPT)
    assert.include(markdown, IMAGE)
    // Nothing of the markdown became markup: no script or image element, nothing ran.
    assert.equal(await page.getByTestId('page-markdown').locator('script, img').count(), 0)
    // The rendered page (sanitized on the server): the text and the logo, never the raw HTML.
    const rendered = page.getByTestId('page-html')
    assert.include(await rendered.textContent(), 'Welcome aboard.')
    assert.equal(await rendered.locator('script, [onerror], img[src="x"]').count(), 0)
    assert.equal(await rendered.getByRole('img', { name: 'logo' }).count(), 1)
    assert.notInclude((await rendered.innerHTML()) ?? '', 'onerror')
    assert.isUndefined(await page.evaluate(() => (window as any).__injected))
    assert.deepEqual(dialogs, [])

    // The file the page refers to, with its signed download link.
    const file = page.getByTestId('page-files').getByRole('link', { name: 'logo.png' })
    const href = (await file.getAttribute('href')) ?? ''
    assert.include(href, '/content/files/')
    const download = await page.request.get(href)
    assert.equal(download.status(), 200)
    assert.equal(download.headers()['content-type'], 'image/png')

    // Another page of the tree; the one shown is not a link.
    await tree(page).getByRole('link', { name: 'Nested' }).click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}/pages/${nestedId}`)
    assert.equal(await page.getByTestId('page-title').textContent(), 'Nested')
    assert.equal(await page.getByTestId('page-path').textContent(), 'guide/nested')
    assert.equal(await tree(page).getByRole('link', { name: 'Nested' }).count(), 0)

    // The revision it was read on, and a page of that revision.
    await page.getByTestId('revision-link').click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}/revisions/${revisionId}`)
    assert.equal(await page.getByTestId('revision-id').textContent(), revisionId)
    await tree(page).getByRole('link', { name: 'Guide' }).click()
    await page.waitForURL(
      `${baseUrl}/console/spaces/${spaceId}/revisions/${revisionId}/pages/${guideId}`
    )
    assert.include(await page.getByTestId('content-target').textContent(), `revision ${revisionId}`)
    assert.include((await page.getByTestId('page-markdown').textContent()) ?? '', SCRIPT)
  })

  test('a change request shows the tree of its head; its pages open on it', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await newPage(cleanup)
    await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    const list = page.getByTestId('change-request-list')
    await list.waitFor()
    const row = list.getByTestId(`change-request-${changeRequestNumber}`)
    assert.include(await row.textContent(), 'draft')
    assert.include(await row.textContent(), authorName)
    // The space's current revision does not have the draft page.
    assert.equal(await tree(page).getByRole('link', { name: 'Draft' }).count(), 0)

    await row.getByRole('link', { name: 'Add a draft' }).click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}/change-requests/${changeRequestId}`)
    assert.equal(await page.getByTestId('change-request-status').textContent(), 'Draft')
    await tree(page).getByRole('link', { name: 'Draft' }).click()
    await page.waitForURL(
      `${baseUrl}/console/spaces/${spaceId}/change-requests/${changeRequestId}/pages/${draftId}`
    )
    assert.equal(await page.getByTestId('page-title').textContent(), 'Draft')
    assert.include(await page.getByTestId('content-target').textContent(), 'Add a draft')
    assert.include(await page.getByTestId('page-markdown').textContent(), 'Not merged yet.')

    // By number, directly.
    await page.goto(`${baseUrl}/console/spaces/${spaceId}/change-requests/${changeRequestNumber}`)
    assert.equal(await page.getByTestId('change-request-status').textContent(), 'Draft')
  })

  test('a revision opens directly; unknown pages are the not-found page', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await newPage(cleanup)
    const revision = await page.goto(`${baseUrl}/console/spaces/${spaceId}/revisions/${revisionId}`)
    assert.equal(revision?.status(), 200)
    assert.equal(await page.getByTestId('revision-id').textContent(), revisionId)
    assert.equal(await tree(page).getByRole('link', { name: 'Nested' }).count(), 1)

    for (const path of [
      `/console/spaces/${spaceId}/pages/unknownpage`,
      `/console/spaces/${spaceId}/change-requests/999`,
      `/console/spaces/${spaceId}/revisions/unknownrevision`,
    ]) {
      const response = await page.goto(`${baseUrl}${path}`)
      assert.equal(response?.status(), 404, path)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    }
  })
})
