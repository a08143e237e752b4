import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { adminWithSpace, pageAndChild } from '#tests/helpers/fixtures_change_requests'
import { spaceWithChangeRequest } from '#tests/helpers/fixtures_change_requests'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { assertTokenGuards, assertAnswer } from '#tests/helpers/guards'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { validateContract } from '#tests/helpers/contract'
import { parsePdf, positions } from '#tests/helpers/pdf'
import SpaceAccessService from '#spaces/services/space_access_service'
import AuthoringService from '#content/services/authoring_service'
import ChangeRequestReadService from '#change_requests/services/change_request_read_service'
import type { ContentChange } from '#content/changes'
import PdfExportService, { PDF_LIMITS } from '#change_requests/services/pdf_export_service'
import { applyChanges, createChangeRequest, createSpace, PNG_1X1 } from '../content/helpers.js'

const GETTING_STARTED = `Intro with **bold words**, *italic words*, \`inline code\` and a [link to GitBook](https://www.gitbook.com).

## Install the CLI

- First bullet
- Second bullet
  - Nested bullet
- Third bullet

1. Step one
2. Step two

> A quoted remark

\`\`\`bash
npm install bindery
\`\`\`

| Name | Value |
| --- | --- |
| alpha cell | 42 |

---

{% hint style="info" %}
Hint text inside
{% endhint %}

### Deeper heading

See [the advanced guide](./advanced.md).

![diagram](./logo.png)
`

const UNICODE_TITLE = 'Café — “quotes” 日本語 🚀'
const UNICODE_BODY = 'Grüße, naïve façade — “curly” ‘single’ … 日本語 text 👍🏽 end'

/**
 * A change request whose head holds every kind of block, a nested page, a hidden page, an image; by
 * a new admin.
 */
async function authoredChangeRequest(client: ApiClient) {
  const caller = await createCaller()
  const space = await createSpace(client, caller, { title: 'Handbook' })
  const changeRequest = await createChangeRequest(client, caller, space.id, {
    subject: 'Launch docs',
  })
  const result = await applyChanges(client, caller, space.id, changeRequest.id, [
    {
      operation: 'insert_files',
      files: [{ ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: PNG_1X1 }],
    },
    {
      operation: 'insert_page',
      ref: 'start',
      title: 'Getting started',
      description: 'How to begin',
      document: { markdown: GETTING_STARTED },
    },
    {
      operation: 'insert_page',
      ref: 'advanced',
      into: 'start',
      title: 'Advanced',
      document: { markdown: '## Advanced usage\n\nAdvanced body text\n' },
    },
    {
      operation: 'insert_page',
      ref: 'hidden',
      title: 'Secret',
      hidden: true,
      document: { markdown: 'Secret text\n' },
    },
    {
      operation: 'insert_page',
      ref: 'images',
      title: 'Images',
      document: { markdown: 'Our logo:\n\n![logo](./logo.png)\n' },
    },
    {
      operation: 'insert_page',
      ref: 'unicode',
      title: UNICODE_TITLE,
      document: { markdown: `${UNICODE_BODY}\n` },
    },
  ])
  const [start, advanced, hidden, images, unicode] = result.changes
    .filter((change: any) => change.page)
    .map((change: any) => change.page.id)
  return {
    admin: caller,
    space,
    changeRequest: result.changeRequest,
    pages: { start, advanced, hidden, images, unicode },
  }
}

async function pdfUrl(
  client: ApiClient,
  caller: Caller,
  path: string,
  qs: Record<string, string> = {}
) {
  const response = await client.get(path).qs(qs).bearerToken(caller.token)
  assertAnswer(response, 200)
  return response.body().url as string
}

/** Opens a PDF URL as a browser would (no token) and parses what it streams. */
async function download(url: string) {
  const response = await fetch(url)
  if (response.status !== 200)
    throw new Error(`PDF URL answered ${response.status}: ${await response.text()}`)
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { response, bytes, pdf: await parsePdf(bytes) }
}

function titles(entries: { title: string; items: any[] }[]): any[] {
  return entries.map((entry) =>
    entry.items.length > 0 ? [entry.title, titles(entry.items)] : entry.title
  )
}

function assertIncreasing(assert: any, text: string, needles: string[]) {
  const found = positions(text, needles)
  needles.forEach((needle, i) => assert.isAtLeast(found[i], 0, `"${needle}" is in the PDF`))
  for (let i = 1; i < found.length; i++) {
    assert.isAbove(found[i], found[i - 1], `"${needles[i]}" comes after "${needles[i - 1]}"`)
  }
}

test.group('PDF export', (group) => {
  eachTestInTransaction(group)

  test("a change request's PDF: its head, in tree order, every kind of block", async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pages } = await authoredChangeRequest(client)

    const url = await pdfUrl(
      client,
      admin,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`
    )
    const parsed = new URL(url)
    assert.match(url, /^http:\/\//)
    assert.equal(parsed.pathname, `/pdf/spaces/${space.id}/revisions/${changeRequest.revision}`)
    assert.isString(parsed.searchParams.get('signature'))
    // By number too.
    const byNumber = await pdfUrl(
      client,
      admin,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.number}/pdf`
    )
    assert.equal(new URL(byNumber).pathname, parsed.pathname)

    const { response, bytes, pdf } = await download(url)
    assert.equal(response.headers.get('content-type'), 'application/pdf')
    assert.match(
      response.headers.get('content-disposition')!,
      /^inline; filename="Launch docs\.pdf"; filename\*=UTF-8''Launch%20docs\.pdf$/
    )
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), '%PDF-')
    assert.equal(pdf.title, 'Launch docs')

    // Bookmarks: the visible pages, nested as in the tree; titles keep their characters.
    assert.deepEqual(titles(pdf.outline), [
      ['Getting started', ['Advanced']],
      'Images',
      UNICODE_TITLE,
    ])

    assertIncreasing(assert, pdf.text, [
      'Getting started',
      'How to begin',
      'Intro with bold words, italic words, inline code and a link to GitBook.',
      'Install the CLI',
      'First bullet',
      'Second bullet',
      'Nested bullet',
      'Third bullet',
      '1. Step one',
      '2. Step two',
      'A quoted remark',
      'npm install bindery',
      'Name',
      'alpha cell',
      '42',
      'Hint text inside',
      'Deeper heading',
      'See the advanced guide.',
      'diagram',
      'Advanced',
      'Advanced usage',
      'Advanced body text',
      'Images',
      'Our logo:',
      'Café — “quotes” ???',
      'Grüße, naïve façade — “curly” ‘single’ … ??? text end',
    ])
    assert.notInclude(pdf.text, 'Secret')
    assert.notInclude(pdf.text, '{%')
    assert.notInclude(pdf.text, 'endhint')
    // Links: URLs open, a link to a page of the PDF jumps to it.
    assert.includeMembers(pdf.links, ['https://www.gitbook.com/', `#page-${pages.advanced}`])

    // Each content page starts a PDF page; the images are embedded.
    const pageOf = (needle: string) => pdf.pages.findIndex((text) => text.includes(needle))
    assert.equal(pageOf('Getting started'), 0)
    assert.isAbove(pageOf('Advanced body text'), pageOf('Deeper heading'))
    assert.isAbove(pageOf('Our logo:'), pageOf('Advanced body text'))
    assert.isAbove(pageOf('Grüße'), pageOf('Our logo:'))
    assert.equal(pdf.images[pageOf('Our logo:')], 1)
    assert.equal(
      pdf.images.reduce((sum, count) => sum + count, 0),
      2
    )

    // The space has none of it: its current revision is still the empty one.
    const spaceUrl = await pdfUrl(client, admin, `/v1/spaces/${space.id}/pdf`)
    assert.equal(new URL(spaceUrl).pathname, `/pdf/spaces/${space.id}/revisions/${space.revision}`)
    const spacePdf = await download(spaceUrl)
    assert.match(
      spacePdf.response.headers.get('content-disposition')!,
      /^inline; filename="Handbook\.pdf"/
    )
    assert.include(spacePdf.pdf.text, 'There are no pages to show.')
    assert.notInclude(spacePdf.pdf.text, 'Getting started')
    assert.notProperty(pages, 'missing')
  })

  test("a space's PDF is its current revision; an issued URL keeps its revision", async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminWithSpace(client, { title: 'Manual' })
    const before = await pdfUrl(client, admin, `/v1/spaces/${space.id}/pdf`)

    const access = await app.container
      .make(SpaceAccessService)
      .then((service) => service.spaceFor(admin.user.id, space.id))
    const authoring = await app.container.make(AuthoringService)
    await authoring.applyToSpace(
      admin.user,
      access,
      pageAndChild(
        { ref: 'home', title: 'Home', markdown: '## Welcome\n\nHome body\n' },
        { title: 'Child', markdown: 'Child body\n' }
      ) as unknown as ContentChange[]
    )

    const after = await pdfUrl(client, admin, `/v1/spaces/${space.id}/pdf`)
    assert.notEqual(new URL(after).pathname, new URL(before).pathname)
    const { pdf } = await download(after)
    assertIncreasing(assert, pdf.text, ['Home', 'Welcome', 'Home body', 'Child', 'Child body'])
    assert.deepEqual(titles(pdf.outline), [['Home', ['Child']]])

    // The URL issued before pins the revision of then.
    const old = await download(before)
    assert.include(old.pdf.text, 'There are no pages to show.')
  })

  test('page: that page and its descendants; only: that page alone', async ({ client, assert }) => {
    const { admin, space, changeRequest, pages } = await authoredChangeRequest(client)
    const path = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`

    const subtree = await download(await pdfUrl(client, admin, path, { page: pages.start }))
    assert.deepEqual(titles(subtree.pdf.outline), [['Getting started', ['Advanced']]])
    assert.include(subtree.pdf.text, 'Advanced body text')
    assert.notInclude(subtree.pdf.text, 'Our logo:')

    const alone = await download(
      await pdfUrl(client, admin, path, { page: pages.start, only: 'true' })
    )
    assert.deepEqual(titles(alone.pdf.outline), ['Getting started'])
    assert.include(alone.pdf.text, 'Deeper heading')
    assert.notInclude(alone.pdf.text, 'Advanced body text')
    // A link to a page left out of the PDF stays text.
    assert.include(alone.pdf.text, 'See the advanced guide.')
    assert.deepEqual(alone.pdf.links, ['https://www.gitbook.com/'])

    const all = await download(await pdfUrl(client, admin, path, { only: 'false' }))
    assert.deepEqual(titles(all.pdf.outline), [
      ['Getting started', ['Advanced']],
      'Images',
      UNICODE_TITLE,
    ])

    // A hidden page asked for by id is exported.
    const hidden = await download(
      await pdfUrl(client, admin, path, { page: pages.hidden, only: 'true' })
    )
    assert.include(hidden.pdf.text, 'Secret text')

    const leaf = await download(await pdfUrl(client, admin, path, { page: pages.advanced }))
    assert.deepEqual(titles(leaf.pdf.outline), ['Advanced'])
  })

  test('bounded: content pages, PDF pages and markdown read, each ending the PDF with a note', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pages: ids } = await authoredChangeRequest(client)
    const url = await pdfUrl(
      client,
      admin,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`
    )
    const limits = { ...PDF_LIMITS }
    try {
      PDF_LIMITS.contentPages = 2
      const pages = await download(url)
      assert.deepEqual(titles(pages.pdf.outline), [['Getting started', ['Advanced']]])
      assert.include(
        pages.pdf.text,
        '2 more pages are not in this PDF: an export holds at most 2 pages.'
      )
      Object.assign(PDF_LIMITS, limits)

      PDF_LIMITS.pdfPages = 1
      const drawn = await download(url)
      assert.include(drawn.pdf.text, 'The PDF stops here: it reached its limit of 1 PDF pages.')
      assert.notInclude(drawn.pdf.text, 'Advanced body text')
      Object.assign(PDF_LIMITS, limits)

      // Room for the first page's markdown as stored, not for the second's.
      const stored = await client
        .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${ids.start}`)
        .qs({ 'format': 'markdown', 'format.markdown.refs': 'stable' })
        .bearerToken(admin.token)
      PDF_LIMITS.markdownCharacters = stored.body().markdown.length + 1
      const read = await download(url)
      assert.include(
        read.pdf.text,
        `The PDF stops here: its pages hold more than ${PDF_LIMITS.markdownCharacters} characters of text.`
      )
      assert.include(read.pdf.text, 'Deeper heading')
      assert.notInclude(read.pdf.text, 'Advanced body text')
    } finally {
      Object.assign(PDF_LIMITS, limits)
    }
  })

  test('a long page is parsed in a worker thread and drawn whole', async ({ client, assert }) => {
    const caller = await createCaller()
    const space = await createSpace(client, caller, { title: 'Long' })
    const changeRequest = await createChangeRequest(client, caller, space.id, { subject: 'Long' })
    const body = Array.from({ length: 400 }, (_, i) => `Line ${i} of the long page.`).join('\n\n')
    await applyChanges(client, caller, space.id, changeRequest.id, [
      {
        operation: 'insert_page',
        title: 'Long page',
        document: { markdown: `${body}\n\n## Closing words\n\nThe very last paragraph.\n` },
      },
    ])
    assert.isAbove(body.length, 8000)
    const url = await pdfUrl(
      client,
      caller,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`
    )
    const { pdf } = await download(url)
    assert.include(pdf.text, 'Line 399 of the long page.')
    assert.include(pdf.text, 'The very last paragraph.')
  }).timeout(60_000)

  test('generation waits for a reader that does not read', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await authoredChangeRequest(client)
    const service = await app.container.make(PdfExportService)
    const limits = { ...PDF_LIMITS }
    PDF_LIMITS.bufferedBytes = 1
    try {
      const stream = await service.open(
        space.id,
        changeRequest.revision,
        {},
        'Paused',
        admin.user.id
      )
      let ended = false
      stream.on('end', () => (ended = true))
      // Reading starts the generation; the reader then stops after the first chunk.
      await new Promise<void>((resolve) => {
        stream.once('data', () => {
          stream.pause()
          resolve()
        })
      })
      // What was already under way when the reader paused settles (slowly on a loaded machine);
      // from then on nothing more may be produced.
      let held = -1
      for (let i = 0; i < 30 && held !== stream.readableLength; i++) {
        held = stream.readableLength
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await new Promise((resolve) => setTimeout(resolve, 300))
      assert.equal(stream.readableLength, held, 'nothing more is produced while nothing is read')
      assert.isFalse(ended)

      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.resume()
      await new Promise((resolve) => stream.on('end', resolve))
      const bytes = Buffer.concat(chunks)
      // What waited in memory was a fraction of the PDF, not all of it.
      assert.isBelow(held, bytes.length / 4)
      const pdf = await parsePdf(new Uint8Array(bytes))
      assert.include(pdf.text, 'Advanced body text')

      // A reader that goes away mid-way stops the generation; nothing breaks.
      const abandoned = await service.open(
        space.id,
        changeRequest.revision,
        {},
        'Abandoned',
        admin.user.id
      )
      await new Promise<void>((resolve) => abandoned.once('data', () => resolve()))
      abandoned.destroy()
      await new Promise((resolve) => setTimeout(resolve, 50))
      assert.isTrue(abandoned.destroyed)
    } finally {
      Object.assign(PDF_LIMITS, limits)
    }
  })

  test('non-ASCII subjects name the file; refusals of bad input', async ({ client, assert }) => {
    const { admin, space, changeRequest, pages } = await authoredChangeRequest(client)
    const path = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`

    const named = await createChangeRequest(client, admin, space.id, { subject: 'Résumé 日本 "x"' })
    const { response } = await download(
      await pdfUrl(client, admin, `/v1/spaces/${space.id}/change-requests/${named.id}/pdf`)
    )
    assert.equal(
      response.headers.get('content-disposition'),
      `inline; filename="Resume __ _x_.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé 日本 "x"')}.pdf`
    )

    const cases: Array<[string, Record<string, string>, number, RegExp]> = [
      [path, { only: 'maybe' }, 400, /only/],
      [path, { only: 'true' }, 400, /page/],
      [path, { page: 'x'.repeat(65) }, 400, /page/],
      [path, { page: 'abcdefghijklmnopqrst' }, 404, /page/],
      [`/v1/spaces/${space.id}/pdf`, { page: pages.start }, 404, /page/],
      [`/v1/spaces/${space.id}/change-requests/9999/pdf`, {}, 404, /change request/],
      [`/v1/spaces/abcdefghijklmnopqrst/pdf`, {}, 404, /space/],
    ]
    for (const [url, qs, status, message] of cases) {
      const refused = await client.get(url).qs(qs).bearerToken(admin.token)
      assertAnswer(refused, status)
      assert.match(refused.body().error.message, message)
    }
    const repeated = await client
      .get(`${path}?page=${pages.start}&page=${pages.advanced}`)
      .bearerToken(admin.token)
    assertAnswer(repeated, 400)
  })

  test('readers get a URL; non-members and other organizations get 404', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await authoredChangeRequest(client)
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const stranger = await createCaller()
    const paths = [
      `/v1/spaces/${space.id}/pdf`,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`,
    ]

    for (const path of paths) {
      const url = await pdfUrl(client, reader, path)
      const { pdf } = await download(url)
      assert.isAbove(pdf.pages.length, 0)

      const refused = await client.get(path).bearerToken(stranger.token)
      assertAnswer(refused, 404)
      assert.deepEqual(Object.keys(refused.body()), ['error'])
    }
    // The stranger's own space does not open the admin's change request either.
    const own = await createSpace(client, stranger)
    const crossed = await client
      .get(`/v1/spaces/${own.id}/change-requests/${changeRequest.id}/pdf`)
      .bearerToken(stranger.token)
    assertAnswer(crossed, 404)

    // A URL names its reader: once they leave the organization it answers 404.
    const issued = await pdfUrl(client, reader, paths[0])
    assert.equal(new URL(issued).searchParams.get('viewer'), reader.user.id)
    const removed = await client
      .delete(`/v1/orgs/${admin.organizationId}/members/${reader.user.id}`)
      .bearerToken(admin.token)
    removed.assertStatus(204)
    const revoked = await fetch(issued)
    assert.equal(revoked.status, 404)
  })

  test('the PDF URL: a tampered, unsigned, foreign or expired signature is refused', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pages } = await authoredChangeRequest(client)
    const url = new URL(
      await pdfUrl(
        client,
        admin,
        `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`,
        { page: pages.start }
      )
    )

    const variants: Array<[string, (target: URL) => void]> = [
      ['another page', (target) => target.searchParams.set('page', pages.images)],
      ['another title', (target) => target.searchParams.set('title', 'Other')],
      ['only added', (target) => target.searchParams.set('only', 'true')],
      ['no signature', (target) => target.searchParams.delete('signature')],
      [
        'a broken signature',
        (target) =>
          target.searchParams.set('signature', 'x' + target.searchParams.get('signature')),
      ],
      [
        'another revision',
        (target) => (target.pathname = `/pdf/spaces/${space.id}/revisions/${space.revision}`),
      ],
    ]
    for (const [name, change] of variants) {
      const target = new URL(url)
      change(target)
      const response = await fetch(target)
      assert.equal(response.status, 403, name)
      assert.match(response.headers.get('content-type')!, /application\/json/)
      const body = (await response.json()) as any
      assert.equal(body.error.code, 403)
      assert.match(body.error.message, /invalid or has expired/)
    }

    // A file's download signature (another purpose) does not open a PDF.
    const files = await client
      .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/files`)
      .bearerToken(admin.token)
    const fileSignature = new URL(files.body().items[0].downloadURL).searchParams.get('signature')!
    const foreign = new URL(url)
    foreign.search = ''
    foreign.searchParams.set('signature', fileSignature)
    const refused = await fetch(foreign)
    assert.equal(refused.status, 403)

    // Expired: the same URL made with a 1 ms lifetime.
    const reads = await app.container.make(ChangeRequestReadService)
    const pdf = await app.container.make(PdfExportService)
    const read = await reads.resolve(admin.user.id, space.id, {
      kind: 'change-request',
      changeRequest: changeRequest.id,
    })
    const shortLived = pdf.urlFor(read, { page: pages.start }, admin.user.id, { expiresIn: 1 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const expired = await fetch(shortLived)
    assert.equal(expired.status, 403)
    assert.equal(((await expired.json()) as any).error.code, 403)
    // While a fresh one opens.
    const allowed = await fetch(pdf.urlFor(read, { page: pages.start }, admin.user.id))
    assert.equal(allowed.status, 200)

    // A deleted space's PDF is gone, even with a valid URL.
    const deleted = await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assert.isBelow(deleted.status(), 300)
    const gone = await fetch(url)
    assert.equal(gone.status, 404)
    assert.equal(((await gone.json()) as any).error.code, 404)
  })

  test('token guards: no token, a wrong one, a token without space:read', async ({ client }) => {
    const { admin, space, changeRequest } = await spaceWithChangeRequest(client)
    await assertTokenGuards(admin.user, [
      { send: () => client.get(`/v1/spaces/${space.id}/pdf`), scope: 'space:read' },
      {
        send: () => client.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/pdf`),
        scope: 'space:read',
      },
    ])
  })

  test("GitBook's client: getSpacePdf and getChangeRequestPdf", async ({ client, assert }) => {
    const { admin, space, changeRequest, pages } = await authoredChangeRequest(client)
    const api = gitbookClient(admin.token)

    const { data: forSpace } = await api.spaces.getSpacePdf(space.id)
    validateContract('GET', '/v1/spaces/{spaceId}/pdf', 200, forSpace)
    const { data: forChangeRequest } = await api.spaces.getChangeRequestPdf(
      space.id,
      changeRequest.id,
      {
        page: pages.images,
        only: true,
      }
    )
    validateContract(
      'GET',
      '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
      200,
      forChangeRequest
    )
    const { pdf } = await download(forChangeRequest.url)
    assert.deepEqual(titles(pdf.outline), ['Images'])
    assert.equal(pdf.images[0], 1)
  })
})
