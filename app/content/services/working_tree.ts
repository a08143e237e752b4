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
  /** Something in this page or below it changed: its node must be written anew. */
  touched: boolean
}

/**
 * A mutable copy of a revision's page tree and files. Edits mark the pages they touch and their
 * ancestors; writing it (RevisionWriter) stores only those, so an edit of one page costs the depth
 * of the tree, not its size.
 */
export class WorkingTree {
  readonly roots: WorkPage[] = []
  readonly byId = new Map<string, WorkPage>()
  files: FileEntry[]
  filesChanged = false
  rootChanged = false
  reusableContents: ReusableContentEntry[]
  variables: Record<string, string>

  constructor(readonly base: RevisionTree) {
    const copy = (page: TreePage, parent: WorkPage | null): WorkPage => {
      const { children: _children, ...fields } = page.node
      const work: WorkPage = {
        fields,
        children: [],
        parent,
        originalHash: page.hash,
        touched: false,
      }
      this.byId.set(fields.id, work)
      work.children = page.children.map((child) => copy(child, work))
      return work
    }
    this.roots = base.pages.map((page) => copy(page, null))
    this.files = [...base.files]
    this.reusableContents = base.reusableContents
    this.variables = base.variables
  }

  get(pageId: string): WorkPage | undefined {
    return this.byId.get(pageId)
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
    this.byId.set(fields.id, page)
    this.touch(parent)
    return page
  }

  update(page: WorkPage, fields: Partial<PageFields>, markdown?: string) {
    page.fields = { ...page.fields, ...fields }
    for (const [key, value] of Object.entries(page.fields)) {
      if (value === undefined) delete (page.fields as unknown as Record<string, unknown>)[key]
    }
    if (markdown !== undefined) page.markdown = markdown
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
      this.byId.delete(removed.fields.id)
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

  /** Every page, parents before children, in tree order. */
  *walk(pages: WorkPage[] = this.roots): Generator<WorkPage> {
    for (const page of pages) {
      yield page
      yield* this.walk(page.children)
    }
  }
}
