import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import PDFDocument from 'pdfkit'
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import type { Readable } from 'node:stream'
import { appUrl } from '#config/app'
import { signedUrl } from '#core/http/signed_urls'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { parsePage } from '#content/services/page_derivation'
import ContentStore from '#content/services/content_store'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { ChangeRequestRead } from '#change_requests/services/change_request_read_service'
import { blobKey } from '#content/services/authoring_service'
import { downloadUrl } from '#content/serializers/file_serializer'
import type { FileEntry, RevisionTree, TreePage } from '#content/types'
import {
  definitionsOf,
  imageFileIds,
  ExportLimitReached,
  PdfRenderer,
  type RenderContext,
} from '#change_requests/services/pdf_renderer'

/** Which pages: all (no `page`), a page and its descendants, or that page alone (`only`). */
export interface PdfSelection {
  page?: string
  only?: boolean
}

/** Name of the signed route that serves the PDF; the signature's purpose keeps it for PDFs only. */
export const PDF_ROUTE = 'change_requests.pdf.download'
export const PDF_URL_PURPOSE = 'pdf-export'
/**
 * How long the file links inside a PDF stay valid: a PDF is kept and read later, so longer than an
 * API `downloadURL`; they still answer only while the reader may read the live space.
 */
export const PDF_FILE_LINK_LIFETIME = '7d'

/**
 * Bounds of one export, so that a request cannot take the server down: content pages (beyond them
 * the PDF ends with a note naming how many were left out), PDF pages drawn (a document that long
 * ends with a note), markdown read (20 M characters: parsing costs more than drawing for documents
 * that draw little), embedded image bytes (per image and per PDF; beyond them images are named in
 * text), and output held in memory while the client is slow to read (generation waits).
 */
export const PDF_LIMITS = {
  contentPages: 500,
  pdfPages: 2000,
  imageBytes: 10 * 1024 * 1024,
  imagePixels: 40_000_000,
  totalImageBytes: 64 * 1024 * 1024,
  markdownCharacters: 20_000_000,
  bufferedBytes: 1024 * 1024,
}

/** Documents read per query. */
const DOCUMENT_BATCH = 50

/**
 * PDF export of a revision (a space's current one or a change request's head). The API hands out
 * a signed URL valid for an hour that pins the revision (revisions are immutable, so the URL always
 * yields the same PDF); the URL's route streams the PDF, generated while it is sent.
 */
@inject()
export default class PdfExportService {
  constructor(
    private store: ContentStore,
    private access: SpaceAccessService
  ) {}

  /**
   * The absolute, signed URL of the PDF of a resolved read, after checking the selection against
   * its revision (an unknown page is a 404). It names its reader (`viewerId`): the PDF's file links
   * are handed to them.
   */
  urlFor(
    read: ChangeRequestRead,
    selection: PdfSelection,
    viewerId: string,
    options: { expiresIn?: string | number } = {}
  ): string {
    this.select(read.tree, selection)
    const title = read.changeRequest
      ? read.changeRequest.subject || `Change request #${read.changeRequest.number}`
      : read.access.space.title
    const qs: Record<string, string> = { title, viewer: viewerId }
    if (selection.page) qs.page = selection.page
    if (selection.only) qs.only = 'true'
    return signedUrl(
      PDF_ROUTE,
      { spaceId: read.tree.spaceId, revisionId: read.tree.id },
      { qs, expiresIn: options.expiresIn ?? '1h', purpose: PDF_URL_PURPOSE }
    )
  }

  /**
   * The PDF of a revision of a space that still exists and `viewerId` may still read, as a stream,
   * its file links handed to them. Pages are drawn once the stream is read, and only as fast as it
   * is read.
   */
  async open(
    spaceId: string,
    revisionId: string,
    selection: PdfSelection,
    title: string,
    viewerId: string
  ): Promise<Readable> {
    const client = db.connection()
    await this.access.spaceFor(viewerId, spaceId)
    const tree = await this.store.loadTree(client, spaceId, revisionId)
    const pages = this.select(tree, selection)

    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      displayTitle: true,
      info: { Title: title, Creator: 'Bindery' },
    })
    // Failures are logged where they are raised; without a listener an error would crash the process.
    doc.on('error', () => {})
    doc.once('resume', () => {
      this.render(doc, tree, pages, viewerId).catch((error) => {
        logger.error({ err: error, spaceId, revisionId }, 'PDF export failed')
        doc.destroy(error)
      })
    })
    return doc
  }

  /**
   * The pages of a selection in tree order. Hidden pages (and what they hold) are left out of
   * a whole export, as they are of the published site; a page asked for by id is always included.
   */
  select(tree: RevisionTree, selection: PdfSelection): TreePage[] {
    if (!selection.page) return visible(tree.pages)
    const page = tree.byId.get(selection.page)
    if (!page) throw NotFoundException.resource('page', selection.page)
    return selection.only ? [page] : [page, ...visible(page.children)]
  }

  private async render(
    doc: PDFKit.PDFDocument,
    tree: RevisionTree,
    selected: TreePage[],
    viewerId: string
  ) {
    const pages = selected.slice(0, PDF_LIMITS.contentPages)
    const renderer = new PdfRenderer(doc, this.context(tree, pages, viewerId), PDF_LIMITS.pdfPages)
    const images = { bytes: 0 }
    let characters = 0
    try {
      if (pages.length === 0) renderer.note('There are no pages to show.')
      for (let i = 0; i < pages.length; i += DOCUMENT_BATCH) {
        const batch = pages.slice(i, i + DOCUMENT_BATCH)
        const hashes = batch.flatMap((page) => (page.node.document ? [page.node.document] : []))
        const markdown = await this.store.readDocuments(db.connection(), tree.spaceId, hashes)
        for (const page of batch) {
          if (doc.destroyed) return
          const source =
            page.node.type === 'document' && page.node.document
              ? (markdown.get(page.node.document) ?? '')
              : undefined
          characters += source?.length ?? 0
          if (characters > PDF_LIMITS.markdownCharacters) {
            throw new ExportLimitReached(
              `The PDF stops here: its pages hold more than ${PDF_LIMITS.markdownCharacters} characters of text.`
            )
          }
          const root = source === undefined ? undefined : await parsePage(source)
          const definitions = root ? definitionsOf(root) : new Map<string, string>()
          if (root) await this.loadImages(renderer, tree, imageFileIds(root, definitions), images)
          renderer.startPage(page)
          for (const block of root?.children ?? []) {
            renderer.block(block, definitions)
            await paced(doc)
            // The reader went away (AdonisJS destroys the stream): stop drawing.
            if (doc.destroyed) return
          }
          await nextTurn()
        }
      }
      if (selected.length > pages.length) {
        renderer.note(
          `${selected.length - pages.length} more pages are not in this PDF: an export holds at most ` +
            `${PDF_LIMITS.contentPages} pages. Export a part of the space with the page parameter.`
        )
      }
    } catch (error) {
      if (!(error instanceof ExportLimitReached)) throw error
      renderer.note(error.message)
    }
    if (!doc.destroyed) doc.end()
  }

  private context(tree: RevisionTree, pages: TreePage[], viewerId: string): RenderContext {
    let paths: Map<string, string> | undefined
    return {
      files: new Map(tree.files.map((file) => [file.id, file])),
      exported: new Set(pages.map((page) => page.node.id)),
      pageAt(path) {
        if (!paths) {
          paths = new Map()
          for (const page of tree.byId.values()) {
            if (page.node.type !== 'link' && !paths.has(page.path))
              paths.set(page.path, page.node.id)
          }
        }
        return paths.get(path)
      },
      fileUrl: (file) => downloadUrl(tree, file, viewerId, PDF_FILE_LINK_LIFETIME),
      appUrl,
    }
  }

  /**
   * Bytes of the PNG and JPEG files a page shows, within the per-image and per-PDF budgets; other
   * files (and those over budget) are left for the renderer to name in text.
   */
  private async loadImages(
    renderer: PdfRenderer,
    tree: RevisionTree,
    fileIds: string[],
    spent: { bytes: number }
  ) {
    const files = new Map(tree.files.map((file) => [file.id, file]))
    for (const fileId of fileIds) {
      const file = files.get(fileId)
      if (!file || renderer.hasImage(fileId)) continue
      if (!embeddable(file) || spent.bytes + file.size > PDF_LIMITS.totalImageBytes) {
        renderer.addImage(fileId, null)
        continue
      }
      let bytes: Buffer | null = null
      try {
        const data = await drive.use().getBytes(blobKey(tree.spaceId, file.blob))
        bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      } catch (error) {
        logger.warn({ err: error, fileId }, 'PDF export: file bytes unreadable')
      }
      if (bytes && !hasImageSignature(bytes)) bytes = null
      spent.bytes += bytes?.byteLength ?? 0
      renderer.addImage(fileId, bytes, PDF_LIMITS.imagePixels)
    }
  }
}

/** Pages in tree order, depth first, without hidden pages and their descendants. */
function visible(pages: TreePage[]): TreePage[] {
  const out: TreePage[] = []
  const walk = (list: TreePage[]) => {
    for (const page of list) {
      if (page.node.hidden) continue
      out.push(page)
      walk(page.children)
    }
  }
  walk(pages)
  return out
}

function embeddable(file: FileEntry): boolean {
  if (file.contentType !== 'image/png' && file.contentType !== 'image/jpeg') return false
  if (file.size > PDF_LIMITS.imageBytes) return false
  const pixels = file.dimensions ? file.dimensions.width * file.dimensions.height : 0
  return pixels <= PDF_LIMITS.imagePixels
}

/** PNG or JPEG magic bytes: pdfkit reads nothing else (and must not be handed anything else). */
function hasImageSignature(bytes: Buffer): boolean {
  const png =
    bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
  return png || jpeg
}

/** Waits while the client has not read what was produced: memory stays bounded by a slow reader. */
async function paced(doc: PDFKit.PDFDocument) {
  while (doc.readableLength > PDF_LIMITS.bufferedBytes && !doc.destroyed) await sleep(5)
}
