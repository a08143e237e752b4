/**
 * The content model shared by the content domain's parts (storage, authoring, reads, search, links,
 * import). A revision is immutable: its page tree, documents and files never change once written.
 */

export type PageType = 'document' | 'group' | 'link'

/** Layout flags of a document page (GitBook's RevisionPageLayout). */
export interface PageLayout {
  cover?: boolean
  coverSize?: 'hero' | 'full'
  title?: boolean
  description?: boolean
  tableOfContents?: boolean
  outline?: boolean
  pagination?: boolean
}

export interface PageCover {
  ref: { kind: 'file'; file: string } | { kind: 'url'; url: string }
  refDark?: { kind: 'file'; file: string } | { kind: 'url'; url: string }
  yPos: number
}

/**
 * One page as stored: metadata, its document (by content hash) and its children (by node hash).
 * Nodes are content-addressed: changing a page rewrites its node and its ancestors' nodes only.
 */
export interface PageNode {
  id: string
  type: PageType
  title: string
  slug: string
  emoji?: string
  icon?: string
  description?: string
  hidden?: boolean
  noIndex?: boolean
  noRobotsIndex?: boolean
  /** Adaptive-content condition (an expression over visitor claims). */
  condition?: string
  layout?: PageLayout
  cover?: PageCover
  variables?: Record<string, string>
  /** Hash of the markdown document (document pages). */
  document?: string
  /** Target of a link page. */
  href?: string
  createdAt: string
  updatedAt: string
  /** Node hashes of the children, in order. */
  children: string[]
}

/** A page of a loaded revision tree. */
export interface TreePage {
  node: PageNode
  /** Hash of the stored node. */
  hash: string
  /** Slash-joined slugs from the root, e.g. `guides/getting-started`. */
  path: string
  parentId: string | null
  children: TreePage[]
}

/** A file of a revision; its bytes live in Drive under the blob hash. */
export interface FileEntry {
  id: string
  name: string
  contentType: string
  size: number
  /** sha256 (hex) of the bytes. */
  blob: string
  dimensions?: { width: number; height: number }
}

export interface ReusableContentEntry {
  id: string
  title: string
  /** Hash of its markdown document. */
  document: string
}

/** A loaded revision: everything but document bodies, which are read by hash on demand. */
export interface RevisionTree {
  id: string
  spaceId: string
  parents: string[]
  type: 'edits' | 'merge' | 'update' | 'rollback'
  createdAt: string
  pages: TreePage[]
  /** Every page by id (a PageIndex: iterated in breadth-first tree order). */
  byId: ReadonlyMap<string, TreePage>
  files: FileEntry[]
  /** Hash of the stored file list (null: no files). */
  filesHash: string | null
  reusableContents: ReusableContentEntry[]
  variables: Record<string, string>
}
