import type { Root } from 'mdast'
import type { DerivedDocument } from '#content/markdown/derive'
import type {
  FileEntry,
  PageNode,
  ReusableContentEntry,
  RevisionTree,
  TreePage,
} from '#content/types'

export type PageFields = Omit<PageNode, 'children'>

/** A page being edited: its metadata, children, and what changed. */
export interface WorkPage {
  fields: PageFields
  children: WorkPage[]
  parent: WorkPage | null
  /** Hash of the stored node it started from (null: new in this edit). */
  originalHash: string | null
  /** Markdown to store as the page's new document. */
  markdown?: string
  /**
   * The parse of `markdown` (parseMarkdown), when the batch made one and left the text as it was:
   * writing the page derives its stored facts and JSON document from it instead of parsing again.
   */
  parsed?: Root
  /** What derives from `markdown`, when a worker thread made it instead of a parse here. */
  derived?: DerivedDocument
  /** Something in this page or below it changed: its node must be written anew. */
  touched: boolean
}

/**
 * A page of the base revision, copied when the batch first reaches it. Its children are copied
 * when they are first asked for, so a page whose subtree the batch never opens costs nothing.
 */
class CopiedPage implements WorkPage {
  fields: PageFields
  originalHash: string
  markdown?: string
  parsed?: Root
  derived?: DerivedDocument
  touched = false
  #children: WorkPage[] | undefined

  constructor(
    private from: TreePage,
    public parent: WorkPage | null,
    private tree: WorkingTree
  ) {
    const { children: _children, ...fields } = from.node
    this.fields = fields
    this.originalHash = from.hash
  }

  get children(): WorkPage[] {
    this.#children ??= this.tree.copyAll(this.from.children, this)
    return this.#children
  }

  set children(children: WorkPage[]) {
    this.#children = children
  }
}

/**
 * A copy-on-write working copy of a revision's page tree and files. Pages are copied from the base
 * revision as the batch reaches them (a page, its ancestors and their siblings), so an edit of one
 * page of a 5,000-page revision copies a few dozen pages, not 5,000. Edits mark the pages they touch
 * and their ancestors; writing it (RevisionWriter) stores only those, so an edit costs the depth of
 * the tree, not its size.
 */
export class WorkingTree {
  /** Pages copied or inserted so far, by id. */
  readonly #pages = new Map<string, WorkPage>()
  /** Ids of base pages removed from the working tree (and their descendants). */
  readonly #removed = new Set<string>()
  #roots: WorkPage[] | undefined
  files: FileEntry[]
  filesChanged = false
  rootChanged = false
  reusableContents: ReusableContentEntry[]
  variables: Record<string, string>

  constructor(readonly base: RevisionTree) {
    this.files = [...base.files]
    this.reusableContents = base.reusableContents
    this.variables = base.variables
  }

  get roots(): WorkPage[] {
    this.#roots ??= this.copyAll(this.base.pages, null)
    return this.#roots
  }

  /** Copies of base pages under `parent` (registered by id). */
  copyAll(pages: TreePage[], parent: WorkPage | null): WorkPage[] {
    return pages.map((page) => {
      const copy = new CopiedPage(page, parent, this)
      this.#pages.set(copy.fields.id, copy)
      return copy
    })
  }

  /**
   * The page with this id in the working tree. A base page the batch has not reached yet is where
   * the base has it (anything that moved or removed it reached it first), so it is found by
   * copying its ancestors' children down from the root.
   */
  get(pageId: string): WorkPage | undefined {
    const found = this.#pages.get(pageId)
    if (found || this.#removed.has(pageId)) return found
    const page = this.base.byId.get(pageId)
    if (!page) return undefined
    const parent = page.parentId === null ? null : this.get(page.parentId)
    if (parent === undefined) return undefined
    // Copies the siblings (registering them), the page among them.
    this.siblingsOf(parent)
    return this.#pages.get(pageId)
  }

  has(pageId: string): boolean {
    return this.get(pageId) !== undefined
  }

  /** Ids of base pages that are not in the working tree any more. */
  removedIds(): string[] {
    return [...this.#removed].filter((id) => !this.#pages.has(id))
  }

  siblingsOf(parent: WorkPage | null): WorkPage[] {
    return parent ? parent.children : this.roots
  }

  pathOf(page: WorkPage): string {
    const slugs: string[] = []
    for (let at: WorkPage | null = page; at; at = at.parent) slugs.unshift(at.fields.slug)
    return slugs.join('/')
  }

  /** True when `candidate` is `page` or one of its descendants. */
  isWithin(candidate: WorkPage, page: WorkPage): boolean {
    for (let at: WorkPage | null = candidate; at; at = at.parent) if (at === page) return true
    return false
  }

  insert(
    fields: PageFields,
    parent: WorkPage | null,
    at: number | undefined,
    markdown?: string
  ): WorkPage {
    const page: WorkPage = {
      fields,
      children: [],
      parent,
      originalHash: null,
      markdown,
      touched: true,
    }
    const siblings = this.siblingsOf(parent)
    siblings.splice(at === undefined ? siblings.length : Math.min(at, siblings.length), 0, page)
    this.#pages.set(fields.id, page)
    this.touch(parent)
    return page
  }

  update(page: WorkPage, fields: Partial<PageFields>, markdown?: string) {
    page.fields = { ...page.fields, ...fields }
    for (const [key, value] of Object.entries(page.fields)) {
      if (value === undefined) delete (page.fields as unknown as Record<string, unknown>)[key]
    }
    if (markdown !== undefined) {
      page.markdown = markdown
      page.parsed = undefined
      page.derived = undefined
    }
    this.touch(page)
  }

  move(page: WorkPage, parent: WorkPage | null, at: number | undefined) {
    const from = this.siblingsOf(page.parent)
    from.splice(from.indexOf(page), 1)
    this.touch(page.parent)
    page.parent = parent
    const to = this.siblingsOf(parent)
    to.splice(at === undefined ? to.length : Math.min(at, to.length), 0, page)
    this.touch(page)
  }

  remove(page: WorkPage) {
    const siblings = this.siblingsOf(page.parent)
    siblings.splice(siblings.indexOf(page), 1)
    this.touch(page.parent)
    const forget = (removed: WorkPage) => {
      this.#pages.delete(removed.fields.id)
      if (removed.originalHash !== null) this.#removed.add(removed.fields.id)
      removed.children.forEach(forget)
    }
    forget(page)
  }

  addFile(file: FileEntry) {
    this.files.push(file)
    this.filesChanged = true
    this.rootChanged = true
  }

  /** Marks a page and its ancestors (and the root list) as changed. */
  touch(page: WorkPage | null) {
    for (let at = page; at; at = at.parent) at.touched = true
    this.rootChanged = true
  }

  /** Every page under `pages` (the whole tree by default), parents before children, in tree order. */
  *walk(pages: WorkPage[] = this.roots): Generator<WorkPage> {
    for (const page of pages) {
      yield page
      yield* this.walk(page.children)
    }
  }
}
