import { deflateSync } from 'node:zlib'
import { test } from '@japa/runner'
import User from '#accounts/models/user'
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

/** A PNG of one colour (8-bit RGB), base64: an image the screenshot shows. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill([r, g, b]).flat())])
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64')
}

const SCRIPT = '<script>window.__injected = true; alert("xss")</script>'
const IMAGE = '<img src="x" onerror="window.__injected = true">'

const GUIDE = `# Guide

Welcome aboard the **airship**. Read [the landing notes](./landing#checklist) before you fly.

![The logo](./logo)

{% hint style="info" %}
Zeppelins float because they are lighter than air.
{% endhint %}

## Install

\`\`\`bash
npm install airship
\`\`\`

| Part | Weight |
| --- | --- |
| Envelope | 3 t |

${SCRIPT}

${IMAGE}

[a trap](javascript:window.__injected=true)
`

const LANDING = `# Landing

Slow down over the field.

## Checklist

- Ropes ready
- Zeppelin nose into the wind
`

/**
 * Reading in the console, in Debian's Chromium: a page rendered as HTML (its image loaded, nothing
 * of its markup run), a link to another page followed inside the console, the markdown tab, and a
 * space's search with marked hits that open their page.
 */
test.group('Console reading in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  let spaceId: string
  let guideId: string
  let landingId: string

  group.setup(async () => {
    acme = await createFixture('reading')
    const admin = await User.findOrFail(acme.userId)
    spaceId = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    const authored = await authorSpace(admin.id, spaceId, [
      {
        operation: 'insert_files',
        files: [
          {
            ref: 'logo',
            name: 'logo.png',
            contentType: 'image/png',
            base64: solidPng(160, 48, [31, 95, 139]),
          },
        ],
      },
      { operation: 'insert_page', ref: 'guide', document: { markdown: GUIDE } },
      { operation: 'insert_page', ref: 'landing', document: { markdown: LANDING } },
    ])
    guideId = authored.revision.pages[0].node.id
    landingId = authored.revision.pages[1].node.id
    return () => deleteFixtures([acme])
  })

  test('read a page, follow its link, search and open a hit', async ({ assert, cleanup }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })

    await page.goto(`${baseUrl}/console/spaces/${spaceId}/pages/${guideId}`)
    const body = page.getByTestId('page-html')
    await body.waitFor()
    assert.include(await body.textContent(), 'Welcome aboard the airship.')
    assert.equal(await body.locator('.hint').count(), 1)
    // The image, served by the console to the signed-in reader, loaded.
    const logo = body.getByRole('img', { name: 'The logo' })
    await logo.waitFor()
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="page-html"] img') as any)?.complete === true
    )
    assert.equal(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth), 160)
    // Nothing of the markup ran or survived.
    assert.equal(await body.locator('script, [onerror]').count(), 0)
    assert.equal(await body.locator('a[href^="javascript"]').count(), 0)
    assert.isUndefined(await page.evaluate(() => (window as any).__injected))
    assert.deepEqual(dialogs, [])
    await screenshot(page, 'reading-page')

    // The markdown tab shows the source as text.
    await page.getByRole('tab', { name: 'Markdown' }).click()
    const source = page.getByTestId('page-markdown')
    assert.isTrue(await source.isVisible())
    assert.isFalse(await body.isVisible())
    assert.include(await source.textContent(), SCRIPT)
    await page.getByRole('tab', { name: 'Page' }).click()

    // A link to another page opens it in the console, at its anchor.
    await body.getByRole('link', { name: 'the landing notes' }).click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}/pages/${landingId}#checklist`)
    assert.equal(await page.getByTestId('page-title').textContent(), 'Landing')
    assert.include(await page.getByTestId('page-html').textContent(), 'Ropes ready')

    // Search from the space's page; hits are marked and open their page.
    await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    await page.getByRole('searchbox').fill('zeppelin')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}/search?query=zeppelin`)
    const results = page.getByTestId('search-results')
    await results.waitFor()
    assert.equal(await results.locator('.search-hit').count(), 2)
    const marks = await results.locator('mark').allTextContents()
    assert.sameMembers(
      marks.map((word) => word.toLowerCase()),
      ['zeppelins', 'zeppelin']
    )
    await screenshot(page, 'reading-search')
    await results.getByRole('link', { name: 'Landing', exact: true }).click()
    await page.waitForURL(`${baseUrl}/console/spaces/${spaceId}/pages/${landingId}`)
    assert.equal(await page.getByTestId('page-title').textContent(), 'Landing')

    // The organization's search, and a refused query.
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/spaces`)
    await page.getByRole('searchbox').fill('x'.repeat(600))
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByTestId('search-error').waitFor()
    assert.equal(
      await page.getByTestId('search-error').textContent(),
      'The search is too long: use at most 512 characters.'
    )
    await page.getByRole('searchbox').fill('airship')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/search?query=airship`)
    await page.getByTestId('search-results').waitFor()
    assert.include(await page.getByTestId('search-results').textContent(), 'Handbook')
    await screenshot(page, 'reading-organization-search')
  })
})
