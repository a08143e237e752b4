import { parse as parseHtml } from 'node-html-parser'
import type {
  Blockquote,
  Code,
  Definition,
  Heading,
  Image,
  ImageReference,
  List,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from 'mdast'
import { visit } from '#content/markdown/parse'
import { classifyTarget } from '#content/markdown/links'
import { BLOCK_TAG_LINE } from '#content/markdown/plain_text'
import type { FileEntry, TreePage } from '#content/types'
import { pdfText } from '#change_requests/services/pdf_text'

type Doc = PDFKit.PDFDocument

/** What links and images of the pages resolve against. */
export interface RenderContext {
  /** Files of the revision, by id. */
  files: ReadonlyMap<string, FileEntry>
  /** Ids of the pages this PDF holds: links to them jump inside the document. */
  exported: ReadonlySet<string>
  /** Page id at a slash path of the revision. */
  pageAt(path: string): string | undefined
  /** Where a file link points (its signed download URL). */
  fileUrl(file: FileEntry): string
  appUrl: string
}

/** A pdfkit image opened from a file's bytes (width and height in pixels). */
export interface OpenedImage {
  width: number
  height: number
}

interface Run {
  text: string
  bold: boolean
  italic: boolean
  code: boolean
  strike: boolean
  link?: string
  goTo?: string
}

type RunStyle = Omit<Run, 'text'>

const PLAIN: RunStyle = { bold: false, italic: false, code: false, strike: false }

const BODY_SIZE = 11
const CODE_SIZE = 9
const TABLE_SIZE = 9
const TITLE_SIZE = 24
const HEADING_SIZES = [20, 17, 15, 13, 12, 11]
const TEXT_COLOR = '#1f2328'
const MUTED_COLOR = '#57606a'
const LINK_COLOR = '#0b57d0'
const SHADE_COLOR = '#f1f3f5'
const RULE_COLOR = '#c9ced4'
const LIST_INDENT = 16
const QUOTE_INDENT = 14
const BULLETS = ['•', '–', '-']
const MAX_INDENT = 240
const MIN_COLUMN_WIDTH = 36

/** Stops an export that reached one of its limits; the message says which, at the end of the PDF. */
export class ExportLimitReached extends Error {}

/**
 * Draws pages of a revision into a pdfkit document: each content page on a new PDF page, with its
 * title, description and markdown (parsed to mdast), and an outline entry. Synchronous: the caller
 * loads documents and images first and paces the output between blocks.
 */
export class PdfRenderer {
  private indent = 0
  private color = TEXT_COLOR
  private listDepth = 0
  private pageHasContent = false
  private pagesDrawn = 1
  private outlines = new Map<string, PDFKit.PDFOutline>()
  private images = new Map<string, OpenedImage | null>()
  /** The page being drawn: relative links resolve against its path. */
  private current: TreePage | undefined

  constructor(
    private doc: Doc,
    private context: RenderContext,
    private maxPdfPages: number
  ) {
    doc.on('pageAdded', () => {
      this.pagesDrawn++
    })
  }

  /**
   * Opens an image from its bytes once per file; null when pdfkit cannot read them or when it has
   * more than `maxPixels` (decoding it would cost too much memory).
   */
  addImage(fileId: string, bytes: Buffer | null, maxPixels = Number.POSITIVE_INFINITY) {
    if (this.images.has(fileId)) return
    if (bytes === null) {
      this.images.set(fileId, null)
      return
    }
    try {
      const image = (this.doc as any).openImage(bytes) as OpenedImage
      this.images.set(fileId, image.width * image.height <= maxPixels ? image : null)
    } catch {
      this.images.set(fileId, null)
    }
  }

  hasImage(fileId: string) {
    return this.images.has(fileId)
  }

  /**
   * The start of a page: a link page is a title with its URL, flowed after what precedes it; a
   * group page a section title on a new PDF page; a document page its title and description on a
   * new PDF page. Its blocks follow with `block`.
   */
  startPage(page: TreePage) {
    this.current = page
    const node = page.node
    if (node.type === 'link') {
      if (this.pageHasContent) this.gap(6)
      this.ensureSpace(48)
      this.bookmark(page)
      this.write(
        [{ ...PLAIN, bold: true, text: node.title, ...this.linkTarget(node.href ?? '') }],
        14
      )
      if (node.href)
        this.write([{ ...PLAIN, text: node.href, ...this.linkTarget(node.href) }], 10, MUTED_COLOR)
      this.gap(10)
      this.pageHasContent = true
      return
    }
    if (this.pageHasContent) this.newPage()
    this.doc.addNamedDestination(destinationOf(node.id))
    this.bookmark(page)
    // A title of emoji only draws nothing: its slug stands in.
    const title = pdfText(node.title).trim() === '' ? node.slug || 'Untitled' : node.title
    this.write([{ ...PLAIN, bold: true, text: title }], TITLE_SIZE)
    this.gap(4)
    if (node.type === 'group') this.rule()
    if (node.description) {
      this.write([{ ...PLAIN, text: node.description }], 13, MUTED_COLOR)
      this.gap(4)
    }
    this.gap(8)
    // A group's title heads the pages that follow it on the same PDF page.
    this.pageHasContent = node.type !== 'group'
  }

  /** A note in the flow (e.g. what was left out). */
  note(text: string) {
    this.write([{ ...PLAIN, italic: true, text }], BODY_SIZE, MUTED_COLOR)
    this.gap(8)
    this.pageHasContent = true
  }

  /** A top-level block of a document. */
  block(node: RootContent, definitions: ReadonlyMap<string, string>) {
    this.blocks([node], definitions)
  }

  private blocks(nodes: RootContent[], definitions: ReadonlyMap<string, string>) {
    for (const node of nodes) {
      if (this.pagesDrawn > this.maxPdfPages) {
        throw new ExportLimitReached(
          `The PDF stops here: it reached its limit of ${this.maxPdfPages} PDF pages.`
        )
      }
      this.render(node as Nodes, definitions)
    }
  }

  private render(node: Nodes, definitions: ReadonlyMap<string, string>) {
    switch (node.type) {
      case 'heading':
        return this.heading(node, definitions)
      case 'paragraph':
        return this.paragraph(node.children, definitions)
      case 'list':
        return this.list(node, definitions)
      case 'blockquote':
        return this.quote(node, definitions)
      case 'code':
        return this.code(node)
      case 'table':
        return this.table(node)
      case 'thematicBreak':
        return this.rule()
      case 'html': {
        const text = parseHtml(node.value).textContent.trim()
        if (text !== '') this.paragraph([{ type: 'text', value: text }], definitions)
        return
      }
      case 'definition':
        return
      case 'footnoteDefinition':
        this.write(
          [{ ...PLAIN, bold: true, text: `[${node.label ?? node.identifier}]` }],
          BODY_SIZE - 1
        )
        return this.blocks(node.children as RootContent[], definitions)
      case 'image':
      case 'imageReference':
        return this.paragraph([node], definitions)
      default:
        // Anything else (math, front matter, extensions): its children, or its text.
        if ('children' in node) return this.blocks(node.children as RootContent[], definitions)
        if ('value' in node && typeof node.value === 'string' && node.value.trim() !== '') {
          return this.paragraph([{ type: 'text', value: node.value }], definitions)
        }
    }
  }

  private heading(node: Heading, definitions: ReadonlyMap<string, string>) {
    const size = HEADING_SIZES[node.depth - 1] ?? BODY_SIZE
    this.gap(6)
    this.ensureSpace(size * 3)
    this.write(this.runs(node.children, { ...PLAIN, bold: true }, definitions), size)
    this.gap(6)
  }

  /**
   * Text runs; a paragraph of images only (GitBook's image blocks) draws them as blocks, images
   * among text stay inline as their alt text.
   */
  private paragraph(children: PhrasingContent[], definitions: ReadonlyMap<string, string>) {
    const images = children.filter(
      (child): child is Image | ImageReference =>
        child.type === 'image' || child.type === 'imageReference'
    )
    const blank = (child: PhrasingContent) =>
      child.type === 'break' || (child.type === 'text' && child.value.trim() === '')
    if (
      images.length > 0 &&
      children.every((child) => images.includes(child as Image) || blank(child))
    ) {
      for (const image of images) {
        const url = image.type === 'image' ? image.url : definitions.get(image.identifier)
        this.image(url ?? '', image.alt ?? '')
      }
      return
    }
    if (this.write(this.runs(children, PLAIN, definitions), BODY_SIZE)) this.gap(6)
  }

  private list(node: List, definitions: ReadonlyMap<string, string>) {
    const bullet = BULLETS[Math.min(this.listDepth, BULLETS.length - 1)]
    this.listDepth++
    node.children.forEach((item, index) => {
      const marker =
        typeof item.checked === 'boolean'
          ? item.checked
            ? '[x]'
            : '[ ]'
          : node.ordered
            ? `${(node.start ?? 1) + index}.`
            : bullet
      const step = LIST_INDENT + (node.ordered ? 6 : 0)
      this.ensureSpace(BODY_SIZE * 2)
      const y = this.doc.y
      this.indent += step
      // Left of the item's text, also where the indent stopped growing.
      this.doc.font('Helvetica').fontSize(BODY_SIZE).fillColor(this.color)
      this.doc.text(marker, this.left - step, y, { width: step, lineBreak: false })
      this.doc.y = y
      this.blocks(item.children as RootContent[], definitions)
      this.indent -= step
      if (item.children.length === 0) this.doc.y = y + this.doc.currentLineHeight(true)
      if (node.spread) this.gap(4)
    })
    this.listDepth--
    this.gap(4)
  }

  private quote(node: Blockquote, definitions: ReadonlyMap<string, string>) {
    const page = this.pagesDrawn
    const top = this.doc.y
    const color = this.color
    this.indent += QUOTE_INDENT
    this.color = MUTED_COLOR
    this.blocks(node.children, definitions)
    this.color = color
    this.indent -= QUOTE_INDENT
    const bar = this.left + 3
    const from = page === this.pagesDrawn ? top : this.doc.page.margins.top
    this.doc
      .save()
      .lineWidth(2)
      .strokeColor(RULE_COLOR)
      .moveTo(bar, from)
      .lineTo(bar, this.doc.y - 6)
      .stroke()
      .restore()
    this.gap(2)
  }

  /** Monospace on a shaded band, line by line so that a long block continues on the next page. */
  private code(node: Code) {
    const pad = 6
    const width = this.width - 2 * pad
    this.doc.font('Courier').fontSize(CODE_SIZE)
    const lineHeight = this.doc.currentLineHeight(true)
    this.ensureSpace(lineHeight + 2 * pad)
    this.shade(pad)
    for (const line of pdfText(node.value.replace(/\t/g, '    ')).split('\n')) {
      const text = line === '' ? ' ' : line
      const height = this.doc.heightOfString(text, { width })
      if (this.doc.y + height > this.bottom) this.newPage()
      this.shade(height)
      this.doc.fillColor(TEXT_COLOR).text(text, this.left + pad, this.doc.y - height, { width })
    }
    this.shade(pad)
    this.doc.x = this.left
    this.gap(8)
  }

  private shade(height: number) {
    this.doc.save().rect(this.left, this.doc.y, this.width, height).fill(SHADE_COLOR).restore()
    this.doc.y += height
  }

  /**
   * A grid: header row bold and shaded, cells as plain text, rows never split across pages. A
   * table with too many columns for the width is drawn as rows of text, cells `|`-separated.
   */
  private table(node: Table) {
    const rows = node.children.map((row) =>
      row.children.map((cell) => pdfText(cellText(cell).trim()))
    )
    const columns = Math.max(1, ...rows.map((cells) => cells.length))
    const columnWidth = this.width / columns
    if (columnWidth < MIN_COLUMN_WIDTH) {
      rows.forEach((cells, r) =>
        this.write([{ ...PLAIN, bold: r === 0, text: cells.join(' | ') }], TABLE_SIZE)
      )
      this.gap(10)
      return
    }
    const pad = 4
    const maxHeight = this.bodyHeight - 2 * pad
    this.doc.fontSize(TABLE_SIZE)
    rows.forEach((cells, r) => {
      const font = r === 0 ? 'Helvetica-Bold' : 'Helvetica'
      this.doc.font(font)
      const height = Math.min(
        maxHeight,
        Math.max(
          0,
          ...cells.map((cell) =>
            this.doc.heightOfString(cell || ' ', { width: columnWidth - 2 * pad })
          )
        ) +
          2 * pad
      )
      if (this.doc.y + height > this.bottom) this.newPage()
      const y = this.doc.y
      for (let c = 0; c < columns; c++) {
        const x = this.left + c * columnWidth
        if (r === 0) this.doc.save().rect(x, y, columnWidth, height).fill(SHADE_COLOR).restore()
        this.doc
          .save()
          .lineWidth(0.5)
          .strokeColor(RULE_COLOR)
          .rect(x, y, columnWidth, height)
          .stroke()
          .restore()
        const cell = cells[c] ?? ''
        if (cell === '') continue
        this.doc.font(font).fontSize(TABLE_SIZE).fillColor(TEXT_COLOR)
        this.doc.text(cell, x + pad, y + pad, {
          width: columnWidth - 2 * pad,
          height: height - 2 * pad,
          ellipsis: true,
          align: node.align?.[c] ?? 'left',
        })
      }
      this.doc.x = this.left
      this.doc.y = y + height
    })
    this.gap(10)
  }

  private rule() {
    this.gap(4)
    this.ensureSpace(12)
    const y = this.doc.y
    this.doc
      .save()
      .lineWidth(0.75)
      .strokeColor(RULE_COLOR)
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .stroke()
      .restore()
    this.gap(10)
  }

  /**
   * A file of the revision, embedded (PNG and JPEG) and scaled down to the text width; any other
   * image (another type, too large, unreadable, or outside the space) is named in text.
   */
  private image(url: string, alt: string) {
    const target = classifyTarget(url)
    const file = target.type === 'file' ? this.context.files.get(target.fileId) : undefined
    const image = file ? this.images.get(file.id) : undefined
    if (!file || !image) {
      const label = file ? file.name : alt || url
      const link = file ? { link: this.context.fileUrl(file) } : this.linkTarget(url)
      this.write(
        [{ ...PLAIN, italic: true, text: `[Image: ${label}]`, ...link }],
        BODY_SIZE - 1,
        MUTED_COLOR
      )
      this.gap(6)
      return
    }
    // Pixels at 96 dpi, never wider than the text nor taller than most of a page.
    let width = (image.width * 72) / 96
    let height = (image.height * 72) / 96
    const scale = Math.min(1, this.width / width, (this.bodyHeight * 0.8) / height)
    width *= scale
    height *= scale
    if (this.doc.y + height > this.bottom) this.newPage()
    const y = this.doc.y
    this.doc.image(image as any, this.left, y, { width, height })
    this.doc.x = this.left
    this.doc.y = y + height + 4
    if (alt.trim() !== '')
      this.write([{ ...PLAIN, italic: true, text: alt }], BODY_SIZE - 2, MUTED_COLOR)
    this.gap(6)
  }

  /** Inline content as styled runs; GitBook block tags (`{% hint %}` lines) are left out. */
  private runs(
    nodes: PhrasingContent[],
    style: RunStyle,
    definitions: ReadonlyMap<string, string>
  ): Run[] {
    const out: Run[] = []
    const walk = (node: PhrasingContent, current: RunStyle) => {
      switch (node.type) {
        case 'text':
          // A soft line break is a space (pdfkit would break the line there).
          out.push({
            ...current,
            text: node.value.replace(BLOCK_TAG_LINE, '').replace(/[ \t]*(?:\r\n?|\n)[ \t]*/g, ' '),
          })
          return
        case 'inlineCode':
          out.push({ ...current, code: true, text: node.value })
          return
        case 'break':
          out.push({ ...current, text: '\n' })
          return
        case 'strong':
          return node.children.forEach((child) => walk(child, { ...current, bold: true }))
        case 'emphasis':
          return node.children.forEach((child) => walk(child, { ...current, italic: true }))
        case 'delete':
          return node.children.forEach((child) => walk(child, { ...current, strike: true }))
        case 'link':
          return node.children.forEach((child) =>
            walk(child, { ...current, ...this.linkTarget(node.url) })
          )
        case 'linkReference': {
          const url = definitions.get(node.identifier)
          return node.children.forEach((child) =>
            walk(child, url ? { ...current, ...this.linkTarget(url) } : current)
          )
        }
        case 'image':
        case 'imageReference':
          if (node.alt) out.push({ ...current, text: node.alt })
          return
        case 'footnoteReference':
          out.push({ ...current, text: `[${node.label ?? node.identifier}]` })
          return
        case 'html':
          out.push({ ...current, text: parseHtml(node.value).textContent })
          return
        default: {
          // Phrasing content of extensions: its children, or its text.
          const other = node as Nodes
          if ('children' in other)
            (other.children as PhrasingContent[]).forEach((child) => walk(child, current))
          else if ('value' in other && typeof other.value === 'string')
            out.push({ ...current, text: other.value })
        }
      }
    }
    nodes.forEach((node) => walk(node, style))
    return out
  }

  /** Where a link goes: a page of this PDF (jump), a URL or file (clickable), or nowhere. */
  private linkTarget(url: string): { link?: string; goTo?: string } {
    const target = classifyTarget(url, {
      appUrl: this.context.appUrl,
      pagePath: this.current?.path,
      pageHasChildren: (this.current?.children.length ?? 0) > 0,
    })
    switch (target.type) {
      case 'url':
        return { link: url.trim() }
      case 'file': {
        const file = this.context.files.get(target.fileId)
        return file ? { link: this.context.fileUrl(file) } : {}
      }
      case 'page':
      case 'page-path': {
        const pageId = target.type === 'page' ? target.pageId : this.context.pageAt(target.path)
        return pageId && this.context.exported.has(pageId) ? { goTo: destinationOf(pageId) } : {}
      }
      case 'other':
        return /^(mailto|tel):/i.test(url.trim()) ? { link: url.trim() } : {}
      default:
        return {}
    }
  }

  /**
   * Draws runs as one wrapped paragraph at the current indent. False when there was nothing to
   * draw (e.g. a paragraph holding only a block tag).
   */
  private write(runs: Run[], size: number, color = this.color): boolean {
    const merged: Run[] = []
    for (const run of runs) {
      const text = pdfText(run.text)
      if (text === '') continue
      const last = merged[merged.length - 1]
      if (last && sameStyle(last, run)) last.text += text
      else merged.push({ ...run, text })
    }
    while (merged.length > 0 && merged[0].text.trim() === '') merged.shift()
    while (merged.length > 0 && merged[merged.length - 1].text.trim() === '') merged.pop()
    if (merged.length === 0) return false
    merged[0].text = merged[0].text.trimStart()
    merged[merged.length - 1].text = merged[merged.length - 1].text.trimEnd()

    this.doc.fontSize(size)
    this.ensureSpace(this.doc.currentLineHeight(true) * 1.5)
    merged.forEach((run, i) => {
      const linked = run.link !== undefined || run.goTo !== undefined
      const options = {
        width: this.width,
        continued: i < merged.length - 1,
        lineGap: 2,
        // Continued text inherits options left undefined: reset them on every run.
        link: run.link ?? null,
        goTo: run.goTo ?? null,
        underline: linked,
        strike: run.strike,
      } as PDFKit.Mixins.TextOptions
      this.doc
        .font(fontOf(run))
        .fontSize(run.code ? size - 1 : size)
        .fillColor(linked ? LINK_COLOR : color)
      if (i === 0) this.doc.text(run.text, this.left, this.doc.y, options)
      else this.doc.text(run.text, options)
    })
    this.doc.x = this.left
    return true
  }

  private bookmark(page: TreePage) {
    const parent = (page.parentId && this.outlines.get(page.parentId)) || this.doc.outline
    this.outlines.set(page.node.id, parent.addItem(page.node.title || 'Untitled'))
  }

  private newPage() {
    this.doc.addPage()
    this.doc.x = this.left
  }

  private ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.newPage()
  }

  private gap(points: number) {
    this.doc.y += points
    this.pageHasContent = true
  }

  /** The indent, stopped where deep nesting would leave text too narrow a column. */
  private get indented() {
    return Math.min(this.indent, MAX_INDENT)
  }

  private get left() {
    return this.doc.page.margins.left + this.indented
  }

  private get width() {
    return (
      this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right - this.indented
    )
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom
  }

  private get bodyHeight() {
    return this.doc.page.height - this.doc.page.margins.top - this.doc.page.margins.bottom
  }
}

/** File ids of the images a document shows from the revision, in order. */
export function imageFileIds(root: Root, definitions: ReadonlyMap<string, string>): string[] {
  const ids: string[] = []
  visit(root, (node) => {
    const url =
      node.type === 'image'
        ? node.url
        : node.type === 'imageReference'
          ? definitions.get(node.identifier)
          : undefined
    if (url === undefined) return
    const target = classifyTarget(url)
    if (target.type === 'file') ids.push(target.fileId)
  })
  return ids
}

/** Link reference definitions of a document, by identifier. */
export function definitionsOf(root: Root): Map<string, string> {
  const definitions = new Map<string, string>()
  visit(root, (node) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, (node as Definition).url)
    }
  })
  return definitions
}

function destinationOf(pageId: string) {
  return `page-${pageId}`
}

function fontOf(run: RunStyle): string {
  const family = run.code ? 'Courier' : 'Helvetica'
  if (run.bold && run.italic) return `${family}-BoldOblique`
  if (run.bold) return `${family}-Bold`
  if (run.italic) return `${family}-Oblique`
  return family
}

function sameStyle(a: Run, b: Run) {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.code === b.code &&
    a.strike === b.strike &&
    a.link === b.link &&
    a.goTo === b.goTo
  )
}

function cellText(node: Nodes): string {
  if (node.type === 'break') return '\n'
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? ''
  if ('value' in node && typeof node.value === 'string') {
    return node.type === 'html' ? parseHtml(node.value).textContent : node.value
  }
  if ('children' in node) return (node.children as Nodes[]).map(cellText).join('')
  return ''
}
