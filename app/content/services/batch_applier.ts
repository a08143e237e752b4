import { createHash } from 'node:crypto'
import { imageSize } from 'image-size'
import { newId } from '#core/ids'
import { paceLoop } from '#core/event_loop'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import type { FileEntry, RevisionTree, TreePage } from '#content/types'
import type {
  ContentChange,
  DocumentInput,
  FileInput,
  InsertPageChange,
  PageMetadataInput,
  PageOutcome,
  RevertPageChange,
  UpdatePageChange,
} from '#content/changes'
import { WorkingTree, type PageFields, type WorkPage } from '#content/services/working_tree'
import { InvalidPageSourceError, type PageSource } from '#content/markdown/front_matter'
import { documentToMarkdown } from '#content/markdown/from_document'
import { parseMarkdown } from '#content/markdown/parse'
import { ContentLimitError } from '#content/markdown/limits'
import { slugify } from '#content/markdown/headings'
import { linkSites, rewriteLinkSites, classifyTarget } from '#content/markdown/links'
import {
  deriveStored,
  readPageDocument,
  type ReadDocument,
} from '#content/services/page_derivation'
import type { PathLinkPage } from '#content/services/path_links'

/** Largest file accepted inline (base64) in a batch, decoded. */
export const MAX_INLINE_FILE_BYTES = 1024 * 1024
const DEFAULT_TITLE = 'Untitled'
/** The validator's limit on a markdown document, held to JSON documents once converted. */
const MAX_DOCUMENT_CHARACTERS = 1_000_000
const SLUG_PATTERN = /^[^\s/?#\\]+$/

/** Thrown for a change that cannot apply; the batch is rejected as a whole. */
export class InvalidChangeError extends Error {}

export interface NewBlob {
  hash: string
  bytes: Uint8Array
}

export interface AppliedBatch {
  working: WorkingTree
  outcomes: PageOutcome[]
  insertedFiles: FileEntry[]
  blobs: NewBlob[]
}

export interface BatchContext {
  /** Loads another revision of the space (revert_page). */
  loadRevision(revisionId: string): Promise<RevisionTree>
  /** Markdown of a document of the space. */
  readDocument(hash: string): Promise<string>
  /** The revision revert_page goes back to by default (the change request's base). */
  baseRevisionId: string
  /** Downloads a file given by URL (SSRF-guarded); absent when URLs are not accepted. */
  fetchFile?(url: string): Promise<{ bytes: Uint8Array; contentType?: string }>
  /** Origin of APP_URL, to recognize in-app links. */
  appUrl: string
  /** An explicit slug taken by a sibling is suffixed instead of refused (imports). */
  renameCollidingSlugs?: boolean
  /**
   * The base revision's pages holding links that may name page paths (pathLinkPages). Without it,
   * links that pages outside the batch left as paths stay as they are.
   */
  pathLinkPages?(): Promise<PathLinkPage[]>
}

/**
 * Applies an ordered authoring batch to a working copy of a revision. Refs are resolved first (a
 * page or file can be referenced before the change that creates it); links in the documents the
 * batch writes are rewritten to `/pages/<id>` and `/files/<id>` at the end, and so are path links
 * other pages wrote before the batch gave their path a page. Any invalid change throws
 * BadRequestException naming it, before anything is written.
 */
export default class BatchApplier {
  private readonly working: WorkingTree
  private readonly pageRefs = new Map<string, string>()
  private readonly fileRefs = new Map<string, string>()
  private readonly touchedOrder: string[] = []
  private readonly touched = new Set<string>()
  /** Slugs among a parent's children, kept while inserting (imports insert thousands of siblings). */
  private readonly slugSets = new Map<WorkPage | null, Set<string>>()
  private readonly createdRefs = new Map<string, string | undefined>()
  private readonly written = new Set<string>()
  private readonly insertedFiles: FileEntry[] = []
  private readonly blobs = new Map<string, Uint8Array>()
  /** Ids chosen up front for the batch's inserts, taken in order (collectRefs). */
  private readonly pendingPageIds: string[] = []
  private readonly pendingFileIds: string[] = []
  private nextPageId = 0
  private nextFileId = 0
  /** A change added, removed, moved or renamed pages: path links elsewhere may resolve now. */
  private pathsChanged = false
  /** Page ids (null: none) at the paths links named, once every change is applied (pathLink). */
  private readonly pagesByPath = new Map<string, string | null>()

  constructor(
    private base: RevisionTree,
    private context: BatchContext
  ) {
    this.working = new WorkingTree(base)
  }

  async apply(changes: ContentChange[]): Promise<AppliedBatch> {
    this.collectRefs(changes)
    for (const [index, change] of changes.entries()) {
      // An import applies thousands of changes: other requests get turns meanwhile.
      await paceLoop()
      try {
        await this.applyOne(change)
      } catch (error) {
        if (
          error instanceof InvalidChangeError ||
          error instanceof InvalidPageSourceError ||
          error instanceof ContentLimitError
        ) {
          throw new BadRequestException(`changes[${index}] (${change.operation}): ${error.message}`)
        }
        throw error
      }
    }
    await this.resolveLinks()
    await this.resolvePathLinks()
    return {
      working: this.working,
      outcomes: this.outcomes(),
      insertedFiles: this.insertedFiles,
      blobs: [...this.blobs].map(([hash, bytes]) => ({ hash, bytes })),
    }
  }

  /** Refs are batch-wide: ids are chosen up front so any change may use any ref. */
  private collectRefs(changes: ContentChange[]) {
    const seen = new Set<string>()
    const claim = (ref: string, index: number) => {
      if (seen.has(ref)) {
        throw new BadRequestException(
          `changes[${index}]: the ref "${ref}" is used twice in the batch`
        )
      }
      seen.add(ref)
    }
    for (const [index, change] of changes.entries()) {
      if (change.operation === 'insert_page') {
        const id = change.id ?? newId()
        this.pendingPageIds.push(id)
        if (change.ref !== undefined) {
          claim(change.ref, index)
          if (this.pathExists(change.ref)) {
            throw new BadRequestException(
              `changes[${index}] (insert_page): the ref "${change.ref}" collides with an existing page path`
            )
          }
          this.pageRefs.set(change.ref, id)
        }
      } else if (change.operation === 'insert_files') {
        for (const file of change.files) {
          const id = file.id ?? newId()
          this.pendingFileIds.push(id)
          if (file.ref !== undefined) {
            claim(file.ref, index)
            this.fileRefs.set(file.ref, id)
          }
        }
      }
    }
  }

  private async applyOne(change: ContentChange) {
    // Only inserts keep the slug sets up to date: anything else may rename or move siblings.
    if (change.operation !== 'insert_page' && change.operation !== 'insert_files') {
      this.slugSets.clear()
    }
    if (change.operation !== 'update_page' && change.operation !== 'insert_files') {
      this.pathsChanged = true
    }
    switch (change.operation) {
      case 'insert_page':
        return this.insertPage(change)
      case 'update_page':
        return this.updatePage(change)
      case 'delete_page': {
        const page = this.page(change.page)
        this.remember(page.fields.id)
        for (const removed of this.working.walk([page])) this.written.delete(removed.fields.id)
        this.working.remove(page)
        return
      }
      case 'revert_page':
        return this.revertPage(change)
      case 'insert_files':
        for (const file of change.files) await this.insertFile(file)
    }
  }

  private async insertPage(change: InsertPageChange) {
    const id = this.pendingPageIds[this.nextPageId++]
    const parent = change.into === undefined ? null : this.parentFor(change.into)
    const stored = 'stored' in change.document ? change.document.stored : undefined
    const source = stored === undefined ? await this.readDocument(change.document) : undefined
    const now = new Date().toISOString()
    const title = source?.title ?? change.title ?? DEFAULT_TITLE
    const siblings = this.working.siblingsOf(parent)
    const slug =
      change.slug !== undefined && !this.context.renameCollidingSlugs
        ? this.checkedSlug(change.slug, siblings, null)
        : this.freeSlug(
            change.slug !== undefined ? this.checkedSlug(change.slug, [], null) : slugify(title),
            siblings,
            parent
          )
    const fields: PageFields = this.withMetadata(
      { id, type: 'document', title, slug, createdAt: now, updatedAt: now },
      change,
      source
    )
    fields.title = title
    if (stored !== undefined) {
      fields.document = stored
      this.working.insert(fields, parent, change.at)
    } else {
      const page = this.working.insert(fields, parent, change.at, source?.markdown ?? '')
      page.parsed = source?.parsed
      page.derived = source?.derived
      this.written.add(id)
    }
    this.slugsOf(parent)?.add(slug)
    this.remember(id, change.ref)
  }

  private async updatePage(change: UpdatePageChange) {
    const page = this.page(change.page)
    const source =
      change.document === undefined ? undefined : await this.readDocument(change.document)
    const fields = this.withMetadata({ ...page.fields }, change, source)
    if (source?.title !== undefined) fields.title = source.title
    else if (change.title !== undefined) fields.title = change.title

    let parent = page.parent
    if (change.into !== undefined) {
      parent = change.into === null ? null : this.parentFor(change.into)
      if (parent && this.working.isWithin(parent, page)) {
        throw new InvalidChangeError(
          'a page cannot be moved under itself or one of its descendants'
        )
      }
    }
    if (change.slug !== undefined) {
      fields.slug = this.checkedSlug(change.slug, this.working.siblingsOf(parent), page)
    } else if (
      parent !== page.parent &&
      this.working.siblingsOf(parent).some((s) => s !== page && s.fields.slug === fields.slug)
    ) {
      throw new InvalidChangeError(
        `the slug "${fields.slug}" is already used by a page in the destination`
      )
    }
    if (parent !== page.parent || fields.slug !== page.fields.slug) this.pathsChanged = true
    fields.updatedAt = new Date().toISOString()
    this.working.update(page, fields, source?.markdown)
    if (source) {
      page.parsed = source.parsed
      page.derived = source.derived
      this.written.add(page.fields.id)
    }
    if (parent !== page.parent || change.at !== undefined) {
      this.working.move(page, parent, change.at)
    }
    this.remember(page.fields.id)
  }

  private async revertPage(change: RevertPageChange) {
    if (change.block !== undefined) {
      throw new InvalidChangeError(
        'reverting individual blocks is not supported; omit `block` to revert the page'
      )
    }
    const target = await this.context.loadRevision(change.revision ?? this.context.baseRevisionId)
    const then = target.byId.get(change.page)
    const now = this.working.get(change.page)
    if (!then && !now)
      throw new InvalidChangeError(`no page "${change.page}" here or in revision ${target.id}`)
    this.remember(change.page)
    if (!then) {
      this.working.remove(now!)
      return
    }
    const { children: _children, ...fields } = then.node
    const markdown = fields.document ? await this.context.readDocument(fields.document) : undefined
    delete fields.document
    if (now) {
      // The page stays where it is now; its old slug may have been taken there meanwhile.
      const others = this.working.siblingsOf(now.parent).filter((sibling) => sibling !== now)
      fields.slug = this.freeSlug(fields.slug, others)
      this.working.update(now, { ...fields, document: undefined }, markdown ?? '')
      return
    }
    // A deleted page comes back under its old parent when that still exists, else at the root.
    const parent = then.parentId ? (this.working.get(then.parentId) ?? null) : null
    const siblings = this.working.siblingsOf(parent)
    fields.slug = this.freeSlug(fields.slug, siblings)
    const index = (parent ? target.byId.get(parent.fields.id)?.children : target.pages)?.findIndex(
      (sibling) => sibling.node.id === change.page
    )
    const restored = this.working.insert(
      fields,
      parent,
      index === undefined || index < 0 ? undefined : index,
      markdown ?? ''
    )
    await this.restoreDescendants(then, restored)
  }

  /** The subtree deleted with a page comes back with it, except pages that live elsewhere now. */
  private async restoreDescendants(then: TreePage, into: WorkPage) {
    for (const child of then.children) {
      if (this.working.get(child.node.id)) continue
      const { children: _children, document, ...fields } = child.node
      const markdown = document ? await this.context.readDocument(document) : ''
      fields.slug = this.freeSlug(fields.slug, into.children)
      const page = this.working.insert(fields, into, undefined, markdown)
      this.remember(page.fields.id)
      await this.restoreDescendants(child, page)
    }
  }

  private async insertFile(file: FileInput) {
    const id = this.pendingFileIds[this.nextFileId++]
    let bytes: Uint8Array
    let contentType = file.contentType
    if (file.base64 !== undefined && file.url !== undefined) {
      throw new InvalidChangeError(`file "${file.name}": give exactly one of url or base64`)
    }
    if (file.stored) {
      const entry: FileEntry = {
        id,
        name: file.name,
        contentType: contentType ?? 'application/octet-stream',
        size: file.stored.size,
        blob: file.stored.blob,
      }
      if (file.stored.dimensions) entry.dimensions = file.stored.dimensions
      this.working.addFile(entry)
      this.insertedFiles.push(entry)
      return
    }
    if (file.bytes) {
      bytes = file.bytes
    } else if (file.base64 !== undefined) {
      if (!contentType)
        throw new InvalidChangeError(`file "${file.name}": contentType is required with base64`)
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(file.base64) || file.base64.length % 4 !== 0) {
        throw new InvalidChangeError(`file "${file.name}": base64 is not valid base64`)
      }
      bytes = Buffer.from(file.base64, 'base64')
      if (bytes.length > MAX_INLINE_FILE_BYTES) {
        throw new InvalidChangeError(`file "${file.name}": base64 files are limited to 1 MB`)
      }
    } else if (file.url !== undefined) {
      if (!this.context.fetchFile)
        throw new InvalidChangeError(`file "${file.name}": files by url are not accepted`)
      const fetched = await this.context.fetchFile(file.url).catch((error: Error) => {
        throw new InvalidChangeError(`file "${file.name}": ${error.message}`)
      })
      bytes = fetched.bytes
      contentType = contentType ?? fetched.contentType ?? 'application/octet-stream'
    } else {
      throw new InvalidChangeError(`file "${file.name}": give exactly one of url or base64`)
    }
    const hash = createHash('sha256').update(bytes).digest('hex')
    this.blobs.set(hash, bytes)
    const entry: FileEntry = {
      id,
      name: file.name,
      contentType: contentType ?? 'application/octet-stream',
      size: bytes.length,
      blob: hash,
    }
    const dimensions = imageDimensions(bytes, entry.contentType)
    if (dimensions) entry.dimensions = dimensions
    this.working.addFile(entry)
    this.insertedFiles.push(entry)
  }

  /**
   * Turns refs, slug paths and relative `.md` links of written documents into stable ids. A
   * document whose links all stay as written keeps its parse or derivation (the one made when its
   * change was read), for writing its derived objects; a rewritten one is derived again when the
   * revision is written.
   */
  private async resolveLinks() {
    const refs = new Set([...this.pageRefs.keys(), ...this.fileRefs.keys()])
    for (const pageId of this.written) {
      await paceLoop()
      const page = this.working.get(pageId)
      if (!page || page.markdown === undefined) continue
      const path = this.working.pathOf(page)
      const markdown = page.markdown
      const parsed = page.derived ? undefined : (page.parsed ?? parseMarkdown(markdown))
      const sites = page.derived?.sites ?? linkSites(parsed!, markdown)
      const rewritten = rewriteLinkSites(markdown, sites, (link) => {
        const target = classifyTarget(link.url, {
          pagePath: path,
          pageHasChildren: page.children.length > 0,
          refs,
          appUrl: this.context.appUrl,
        })
        switch (target.type) {
          case 'ref': {
            const pageRef = this.pageRefs.get(target.ref)
            if (pageRef) return `/pages/${pageRef}${target.anchor ? `#${target.anchor}` : ''}`
            const fileRef = this.fileRefs.get(target.ref)
            return fileRef ? `/files/${fileRef}` : undefined
          }
          case 'page-path':
            return this.pathLink(target)
          default:
            return undefined
        }
      })
      if (rewritten === markdown) {
        if (parsed) page.parsed = parsed
      } else {
        page.markdown = rewritten
        page.parsed = undefined
        page.derived = undefined
      }
    }
  }

  /**
   * Path links that pages outside the batch wrote before their target existed (`./later.md`, sent
   * in an earlier batch), rewritten to `/pages/<id>` once this batch gives the path a page, as the
   * batch's own links are. Only when the batch changed the tree's paths, and only pages whose
   * stored link facts hold such links are read (their markdown only when one resolves now): a
   * one-page edit of a 5,000-page space reads no other page. A rewritten page is an updated page
   * of the batch; its metadata (updatedAt too) stays, as its text says what it said.
   */
  private async resolvePathLinks() {
    if (!this.pathsChanged || !this.context.pathLinkPages) return
    for (const { pageId, urls } of await this.context.pathLinkPages()) {
      if (this.written.has(pageId)) continue
      const page = this.working.get(pageId)
      // A page given other markdown here (revert_page) keeps exactly what it was given.
      if (!page || page.markdown !== undefined || !page.fields.document) continue
      const context = {
        pagePath: this.working.pathOf(page),
        pageHasChildren: page.children.length > 0,
        appUrl: this.context.appUrl,
      }
      const resolve = (url: string) => {
        const target = classifyTarget(url, context)
        return target.type === 'page-path' ? this.pathLink(target) : undefined
      }
      if (!urls.some((url) => resolve(url) !== undefined)) continue
      const markdown = await this.context.readDocument(page.fields.document)
      // A long document's link sites come from a worker thread, as the writer derives it.
      const derived = await deriveStored(markdown)
      const sites = derived?.sites ?? linkSites(parseMarkdown(markdown), markdown)
      const rewritten = rewriteLinkSites(markdown, sites, (link) => resolve(link.url))
      if (rewritten === markdown) continue
      this.working.update(page, {}, rewritten)
      this.remember(pageId)
    }
  }

  /**
   * `/pages/<id>` (anchor kept) of the page at a link's path in the working copy, if any. Asked
   * once every change is applied, so the answer per path is kept: an import's thousands of
   * siblings are not scanned again for each link naming them.
   */
  private pathLink(target: { path: string; anchor?: string }): string | undefined {
    let id = this.pagesByPath.get(target.path)
    if (id === undefined) {
      id = this.pageAtPath(target.path)?.fields.id ?? null
      this.pagesByPath.set(target.path, id)
    }
    return id === null ? undefined : `/pages/${id}${target.anchor ? `#${target.anchor}` : ''}`
  }

  private outcomes(): PageOutcome[] {
    const outcomes: PageOutcome[] = []
    for (const pageId of this.touchedOrder) {
      const exists = this.working.has(pageId)
      if (this.createdRefs.has(pageId) && !this.existedBefore(pageId)) {
        if (exists) {
          const ref = this.createdRefs.get(pageId)
          outcomes.push(
            ref === undefined
              ? { object: 'created_page', pageId }
              : { object: 'created_page', pageId, ref }
          )
        }
      } else if (exists && this.existedBefore(pageId)) {
        outcomes.push({ object: 'updated_page', pageId })
      } else if (!exists && this.existedBefore(pageId)) {
        outcomes.push({ object: 'deleted_page', pageId })
      } else if (exists) {
        outcomes.push({ object: 'created_page', pageId })
      }
    }
    return outcomes
  }

  private existedBefore(pageId: string): boolean {
    return this.base.byId.has(pageId)
  }

  private remember(pageId: string, ref?: string) {
    if (!this.touched.has(pageId)) {
      this.touched.add(pageId)
      this.touchedOrder.push(pageId)
    }
    if (!this.existedBefore(pageId) && !this.createdRefs.has(pageId))
      this.createdRefs.set(pageId, ref)
  }

  private page(pageId: string): WorkPage {
    const page = this.working.get(pageId)
    if (!page) throw new InvalidChangeError(`no page "${pageId}" in the change request`)
    return page
  }

  /** `into` names a page id, or the ref of a page inserted earlier in the batch. */
  private parentFor(into: string): WorkPage {
    const page = this.working.get(into) ?? this.working.get(this.pageRefs.get(into) ?? '')
    if (!page) throw new InvalidChangeError(`no page "${into}" to insert into`)
    return page
  }

  /**
   * A page body sent as markdown goes through readPageSource (front matter, a leading `# Title`).
   * A GitBook JSON document (`{"document": {"object": "document", ...}}`) is converted to markdown
   * and kept as it is: GitBook's JSON documents carry the title separately, so only the change's
   * `title` sets it (a leading heading-1 stays content), and no front matter is read from the
   * converted text (a document opening with dividers is not YAML).
   */
  private async readDocument(document: DocumentInput): Promise<ReadDocument> {
    if ('markdown' in document && typeof document.markdown === 'string') {
      // Read once, within the limits; the parse (or what derives from it) is kept for the write.
      return readPageDocument(document.markdown, true)
    }
    if ('document' in document) {
      const markdown = documentToMarkdown(document.document)
      if (markdown.length > MAX_DOCUMENT_CHARACTERS) {
        throw new InvalidChangeError(
          `the JSON document converts to more than ${MAX_DOCUMENT_CHARACTERS} characters of markdown`
        )
      }
      return readPageDocument(markdown, false)
    }
    return { markdown: '' }
  }

  private withMetadata(
    fields: PageFields,
    input: PageMetadataInput,
    source: PageSource | undefined
  ): PageFields {
    const set = <K extends keyof PageFields>(
      key: K,
      value: PageFields[K] | undefined,
      clearOnEmpty = false
    ) => {
      if (value === undefined) return
      if (clearOnEmpty && value === '') delete fields[key]
      else fields[key] = value
    }
    set('emoji', source?.emoji ?? input.emoji, true)
    set('icon', source?.icon ?? input.icon, true)
    set('description', source?.description ?? input.description)
    set('hidden', source?.hidden ?? input.hidden)
    set('noIndex', source?.noIndex ?? input.noIndex)
    set('noRobotsIndex', input.noRobotsIndex)
    set('condition', input.condition, true)
    if (source?.layout) fields.layout = { ...fields.layout, ...source.layout }
    return fields
  }

  private checkedSlug(slug: string, siblings: WorkPage[], self: WorkPage | null): string {
    if (!SLUG_PATTERN.test(slug)) {
      throw new InvalidChangeError(
        `the slug "${slug}" may not contain spaces, "/", "?", "#" or "\\"`
      )
    }
    if (siblings.some((sibling) => sibling !== self && sibling.fields.slug === slug)) {
      throw new InvalidChangeError(`the slug "${slug}" is already used by a sibling page`)
    }
    return slug
  }

  /** The kept slug set of a parent, if inserts built one. */
  private slugsOf(parent: WorkPage | null): Set<string> | undefined {
    return this.slugSets.get(parent)
  }

  private freeSlug(wanted: string, siblings: WorkPage[], parent?: WorkPage | null): string {
    let taken: Set<string>
    if (parent !== undefined) {
      taken = this.slugSets.get(parent) ?? new Set(siblings.map((sibling) => sibling.fields.slug))
      this.slugSets.set(parent, taken)
    } else {
      taken = new Set(siblings.map((sibling) => sibling.fields.slug))
    }
    if (!taken.has(wanted)) return wanted
    for (let n = 2; ; n++) {
      const candidate = `${wanted.slice(0, 95)}-${n}`
      if (!taken.has(candidate)) return candidate
    }
  }

  private pathExists(path: string): boolean {
    return this.pageAtPath(path) !== undefined
  }

  private pageAtPath(path: string): WorkPage | undefined {
    let level = this.working.roots
    let found: WorkPage | undefined
    for (const slug of path.split('/').filter(Boolean)) {
      found = level.find((page) => page.fields.slug === slug)
      if (!found) return undefined
      level = found.children
    }
    return found
  }
}

function imageDimensions(bytes: Uint8Array, contentType: string) {
  if (!contentType.startsWith('image/')) return undefined
  try {
    const { width, height } = imageSize(bytes)
    return width && height ? { width, height } : undefined
  } catch {
    return undefined
  }
}
