import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import User from '#accounts/models/user'
import { authorSpace, PNG_1X1 } from '#tests/helpers/authoring'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  createSpace,
  deleteFixtures,
  screenshot,
  type Fixture,
} from '#tests/helpers/browser'

/** The text in the CodeMirror editor. */
function editorText(page: Page) {
  return page.locator('.cm-content').innerText()
}

/**
 * Writing in the console, in Debian's Chromium, as a writer clicks it: a change request opened
 * from the space's page, a page written in the markdown editor (preview, an image dropped onto
 * the text, save), then a page added to the change request's tree.
 */
test.group('Console writing in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  let spaceId: string
  let guideId: string

  group.setup(async () => {
    acme = await createFixture('writing')
    const admin = await User.findOrFail(acme.userId)
    spaceId = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    const authored = await authorSpace(admin.id, spaceId, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Welcome aboard.\n' } },
    ])
    guideId = authored.revision.pages[0].node.id
    return () => deleteFixtures([acme])
  })

  test('open a change request, write a page with a dropped image, add a page', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)

    // From the space's page: a new change request, and the console goes to it.
    await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    const newChangeRequest = page.getByTestId('new-change-request-form')
    await newChangeRequest.getByLabel('Subject').fill('Better guide')
    await newChangeRequest.getByRole('button', { name: 'New change request' }).click()
    await page.waitForURL(new RegExp(`/console/spaces/${spaceId}/change-requests/\\w+$`))
    const changeRequestUrl = page.url()
    assert.equal(await page.getByTestId('notice').textContent(), 'Change request #1 opened.')

    // The page editor: markdown typed into CodeMirror.
    await page.getByTestId(`edit-page-${guideId}`).click()
    await page.waitForURL(`${changeRequestUrl}/pages/${guideId}/edit`)
    await page.locator('.cm-content').click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type('\nA **bold** claim.\n')
    assert.include(await editorText(page), 'A **bold** claim.')
    await page.getByLabel('Emoji').fill('🧭')

    // The preview, rendered by the server.
    await page.getByTestId('preview-tab').click()
    const preview = page.getByTestId('page-preview')
    await preview.locator('strong', { hasText: 'bold' }).waitFor()
    await screenshot(page, 'writing_preview')
    await page.getByRole('tab', { name: 'Write' }).click()

    // An image dropped onto the text: uploaded, then referenced where it was dropped.
    await page.locator('.cm-content').click()
    await page.keyboard.press('Control+End')
    // Dropped on the text's last line, which is empty: at its end.
    const lastLine = await page.locator('.cm-line').last().boundingBox()
    await page.evaluate(
      ({ base64, x, y }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
        const transfer = new DataTransfer()
        transfer.items.add(new File([bytes], 'pixel.png', { type: 'image/png' }))
        const target = document.querySelector('.cm-content')!
        target.dispatchEvent(
          new DragEvent('drop', {
            dataTransfer: transfer,
            bubbles: true,
            cancelable: true,
            clientX: x,
            clientY: y,
          })
        )
      },
      { base64: PNG_1X1, x: lastLine!.x + 4, y: lastLine!.y + lastLine!.height / 2 }
    )
    await page.getByTestId('notice').filter({ hasText: 'pixel.png uploaded.' }).waitFor()
    await page.waitForFunction(() =>
      document.querySelector('.cm-content')?.textContent?.includes('![pixel.png](/files/')
    )
    assert.match(
      await editorText(page),
      /A \*\*bold\*\* claim\.[\s\S]*!\[pixel\.png\]\(\/files\/\w+\)/
    )
    await screenshot(page, 'writing_editor')

    // Saved as one batch; the editor stays, with the notice.
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('notice').filter({ hasText: 'Page saved.' }).waitFor()
    assert.isNull(
      await page
        .getByRole('alert')
        .first()
        .textContent()
        .catch(() => null)
    )

    // The page on the change request: the markdown as saved, the image among its files.
    await page.getByRole('link', { name: 'Cancel' }).click()
    await page.waitForURL(`${changeRequestUrl}/pages/${guideId}`)
    const markdown = (await page.getByTestId('page-markdown').textContent()) ?? ''
    assert.include(markdown, 'A **bold** claim.')
    assert.match(markdown, /!\[pixel\.png\]\(\/files\/\w+\)/)
    assert.equal(
      await page.getByTestId('page-files').getByRole('link', { name: 'pixel.png' }).count(),
      1
    )
    await screenshot(page, 'writing_page')

    // A new page in the change request's tree, under the guide.
    await page.goto(changeRequestUrl)
    const newPage = page.getByTestId('new-page-form')
    await newPage.getByLabel('New page title').fill('Appendix')
    await newPage.getByLabel('Under').selectOption({ label: '🧭 Guide'.slice(3) })
    await newPage.getByRole('button', { name: 'Add page' }).click()
    await page.getByTestId('notice').filter({ hasText: 'Page Appendix added.' }).waitFor()
    const guide = page.getByTestId(`tree-page-${guideId}`)
    await guide.getByRole('link', { name: 'Appendix' }).waitFor()
    await screenshot(page, 'writing_tree')
  })
})
