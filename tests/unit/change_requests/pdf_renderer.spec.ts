import { test } from '@japa/runner'
import { readFileSync, writeFileSync } from 'node:fs'
import PDFDocument from 'pdfkit'
import { parseMarkdown } from '#content/markdown/parse'
import type { FileEntry, PageNode, TreePage } from '#content/types'
import {
  definitionsOf,
  imageFileIds,
  ExportLimitReached,
  PdfRenderer,
  type RenderContext,
} from '#change_requests/services/pdf_renderer'
import { pdfText } from '#change_requests/services/pdf_text'
import { parsePdf } from '#tests/helpers/pdf'
import { cpuMilliseconds, longDocument } from '#tests/helpers/markdown_fixtures'
import { PNG_1X1 } from '../../functional/content/helpers.js'

const RICH = readFileSync(new URL('../content/markdown/rich_page.md', import.meta.url), 'utf8')
const LINKED_PAGE = 'abcdefghijABCDEFGHIJ'
const FILE: FileEntry = {
  id: 'fileidfileidfileid01',
  name: 'diagram.png',
  contentType: 'image/png',
  size: 68,
  blob: 'b'.repeat(64),
}

function treePage(
  id: string,
  type: PageNode['type'],
  title: string,
  extra: Partial<PageNode> = {},
  parentId: string | null = null
): TreePage {
  const node: PageNode = {
    id,
    type,
    title,
    slug: id.toLowerCase(),
    createdAt: '',
    updatedAt: '',
    children: [],
    ...extra,
  }
  return { node, hash: id, path: node.slug, parentId, children: [] }
}

let dumped = 0

/** Renders pages (with their markdown) as the export service does, and returns the PDF's bytes. */
async function render(
  entries: Array<{ page: TreePage; markdown?: string }>,
  options: { maxPdfPages?: number; image?: Buffer | null } = {}
): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 56 })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise((resolve) => doc.on('end', resolve))
  const context: RenderContext = {
    files: new Map([[FILE.id, FILE]]),
    exported: new Set(entries.map((entry) => entry.page.node.id)),
    pageAt: (path) => entries.find((entry) => entry.page.path === path)?.page.node.id,
    fileUrl: (file) => `https://files.example/${file.id}`,
    appUrl: 'http://bindery.example',
  }
  const renderer = new PdfRenderer(doc, context, options.maxPdfPages ?? 100)
  try {
    for (const { page, markdown } of entries) {
      const root = markdown === undefined ? undefined : parseMarkdown(markdown)
      const definitions = root ? definitionsOf(root) : new Map<string, string>()
      if (root)
        for (const id of imageFileIds(root, definitions))
          renderer.addImage(
            id,
            options.image === undefined ? Buffer.from(PNG_1X1, 'base64') : options.image
          )
      renderer.startPage(page)
      for (const block of root?.children ?? []) renderer.block(block, definitions)
    }
  } finally {
    doc.end()
  }
  await ended
  const bytes = new Uint8Array(Buffer.concat(chunks))
  // PDF_DUMP=/tmp/x keeps each rendering as /tmp/x-<n>.pdf, to look at.
  if (process.env.PDF_DUMP) writeFileSync(`${process.env.PDF_DUMP}-${++dumped}.pdf`, bytes)
  return bytes
}

test.group('PDF text for standard fonts', () => {
  test('WinAnsi characters stay; others are replaced, never passed through', ({ assert }) => {
    assert.equal(
      pdfText('Grüße, naïve façade — “curly” ‘single’ … € ™ œ'),
      'Grüße, naïve façade — “curly” ‘single’ … € ™ œ'
    )
    // Decomposed input is composed first.
    assert.equal(pdfText('Cafe\u0301'), 'Café')
    // Accents without a WinAnsi letter fall back to the bare letter; compatibility forms to their plain form.
    assert.equal(pdfText('Łódź Ő ﬁle Ａ１'), '?ódz O file A1')
    assert.equal(pdfText('a → b ≤ c ≠ d ✓'), 'a -> b <= c != d v')
    // Emoji (with modifiers, joiners, flags) disappear; other scripts become one ? per character.
    assert.equal(pdfText('ok 👍🏽 👨‍👩‍👧 🇫🇷 🚀!'), 'ok    !')
    assert.equal(pdfText('日本語 Привет'), '??? ??????')
    // Control characters go; tabs become spaces; lone surrogates become ?.
    assert.equal(pdfText('a\u0000b\tc\u0085d\ud800e'), 'ab cd?e')
    assert.equal(pdfText('line\nbreak'), 'line\nbreak')
  })
})

test.group('PDF renderer', () => {
  test('a rich page: every kind of block, links and images, in order', async ({ assert }) => {
    const page = treePage(LINKED_PAGE, 'document', 'Rich page', {
      description: 'Everything markdown can hold',
    })
    const pdf = await parsePdf(await render([{ page, markdown: RICH }]))
    const text = pdf.text
    const needles = [
      'Rich page',
      'Everything markdown can hold',
      'Intro with bold, italic, code, strike and both text.',
      'next line and inline image.',
      'Part one',
      'Deep heading',
      'Überschrift ünïcode',
      '??????',
      'one',
      'nested a',
      '1. deep',
      '3. third',
      '4. fourth',
      '[x] done',
      '[ ] todo',
      "console.log('[x](y)')",
      'plain',
      'Quote with link',
      'nested quote',
      'code in quote',
      'Careful with this.',
      'a list inside',
      'One paragraph hint.',
      'Alt one',
      '[Image: Alt two]',
      'Name',
      'Value',
      'raw html',
      'ref link and footnote[1].',
      '[1]',
      'The note.',
      'item with code:',
      'ls',
    ]
    let at = -1
    for (const needle of needles) {
      const found = text.indexOf(needle, at + 1)
      assert.isAbove(found, at, `"${needle}" follows in the PDF`)
      at = found
    }
    assert.notInclude(text, '{%')
    assert.notInclude(text, 'https://ref.example')
    // The file image is embedded once per use.
    assert.equal(
      pdf.images.reduce((sum, count) => sum + count, 0),
      1
    )
    assert.deepEqual(pdf.outline, [{ title: 'Rich page', items: [] }])
    // URLs, files (their download URL) and mail links are clickable; links to pages of the PDF jump.
    for (const link of [
      `#page-${LINKED_PAGE}`,
      `https://files.example/${FILE.id}`,
      'https://example.com/',
      'https://auto.example/',
      'https://q.example/',
      'https://ref.example/',
    ]) {
      assert.include(pdf.links, link)
    }
  })

  test('groups head the pages that follow; link pages show their title and URL', async ({
    assert,
  }) => {
    const group = treePage('group00000000000000a', 'group', 'Guides')
    const child = treePage('child00000000000000a', 'document', 'Install', {}, group.node.id)
    const link = treePage('link000000000000000a', 'link', 'Status page', {
      href: 'https://status.example',
    })
    const next = treePage('next000000000000000a', 'document', 'Reference')
    const pdf = await parsePdf(
      await render([
        { page: group },
        {
          page: child,
          markdown: 'Install body, see [the reference](/pages/next000000000000000a).',
        },
        { page: link },
        { page: next, markdown: 'Reference body' },
      ])
    )
    assert.deepEqual(pdf.outline, [
      { title: 'Guides', items: [{ title: 'Install', items: [] }] },
      { title: 'Status page', items: [] },
      { title: 'Reference', items: [] },
    ])
    // The group's title and its first page share a PDF page; the link flows after it; the next document starts a page.
    assert.lengthOf(pdf.pages, 2)
    assert.match(
      pdf.pages[0],
      /^Guides Install Install body, see the reference\. Status page https:\/\/status\.example$/
    )
    assert.equal(pdf.pages[1], 'Reference Reference body')
    assert.deepEqual(pdf.links, [
      '#page-next000000000000000a',
      'https://status.example/',
      'https://status.example/',
    ])
  })

  test('images that cannot be embedded are named; a PDF page budget stops long documents', async ({
    assert,
  }) => {
    const page = treePage('image00000000000000a', 'document', 'Pictures')
    const unreadable = await parsePdf(
      await render([{ page, markdown: `![](/files/${FILE.id})` }], {
        image: Buffer.from('not an image'),
      })
    )
    assert.include(unreadable.text, '[Image: diagram.png]')
    assert.deepEqual(unreadable.images, [0])
    const refused = await parsePdf(
      await render([{ page, markdown: `![x](/files/${FILE.id})` }], { image: null })
    )
    assert.include(refused.text, '[Image: diagram.png]')

    const long = treePage('long000000000000000a', 'document', 'Long')
    let error: unknown
    try {
      await render([{ page: long, markdown: longDocument(2000) }], { maxPdfPages: 3 })
    } catch (caught) {
      error = caught
    }
    assert.instanceOf(error, ExportLimitReached)
    assert.equal(
      (error as Error).message,
      'The PDF stops here: it reached its limit of 3 PDF pages.'
    )
  })

  test('edge cases: deep nesting, wide tables, empty and emoji-only pages render', async ({
    assert,
  }) => {
    const nested = `${'> '.repeat(60)}deep quote\n\n${Array.from({ length: 30 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')}\n`
    const wide = `| ${Array.from({ length: 40 }, (_, i) => `h${i}`).join(' | ')} |\n|${' --- |'.repeat(40)}\n| ${Array.from({ length: 40 }, (_, i) => `c${i}`).join(' | ')} |\n`
    const pdf = await parsePdf(
      await render([
        { page: treePage('deep0000000000000000', 'document', 'Deep'), markdown: nested },
        { page: treePage('wide0000000000000000', 'document', 'Wide'), markdown: wide },
        { page: treePage('empty000000000000000', 'document', 'Empty'), markdown: '' },
        {
          page: treePage('tags0000000000000000', 'document', 'Tags'),
          markdown: '{% hint style="info" %}\n{% endhint %}\n',
        },
        { page: treePage('emoji000000000000000', 'document', '🚀🎉'), markdown: '👍' },
      ])
    )
    assert.include(pdf.text, 'deep quote')
    assert.include(pdf.text, 'level 29')
    assert.include(pdf.text, 'h0 | h1 | h2')
    assert.include(pdf.text, 'c38 | c39')
    assert.deepEqual(
      pdf.outline.map((entry) => entry.title),
      ['Deep', 'Wide', 'Empty', 'Tags', '🚀🎉']
    )
    // Its slug names the emoji-only page.
    assert.equal(pdf.pages[pdf.pages.length - 1], 'emoji000000000000000')
  })

  test('rendering grows linearly with the page: 5,000 lines cost about five times 1,000', async ({
    assert,
  }) => {
    // A ratio measured in one run, not a time: it holds on a loaded machine, and a quadratic walk
    // (25 times) fails it.
    const page = treePage('long000000000000000b', 'document', 'Long')
    const renderLines = (lines: number) => {
      const markdown = longDocument(lines)
      return cpuMilliseconds(() => {
        const doc = new PDFDocument({ size: 'A4', margin: 56 })
        doc.on('data', () => {})
        const renderer = new PdfRenderer(
          doc,
          {
            files: new Map(),
            exported: new Set(),
            pageAt: () => undefined,
            fileUrl: () => '',
            appUrl: 'http://x.example',
          },
          10_000
        )
        const root = parseMarkdown(markdown)
        const definitions = definitionsOf(root)
        renderer.startPage(page)
        for (const block of root.children) renderer.block(block, definitions)
        doc.end()
      })
    }
    renderLines(200) // warm-up: the first run compiles the renderer
    const small = renderLines(1000)
    const large = renderLines(5000)
    assert.isBelow(large, small * 12)
  })
})
