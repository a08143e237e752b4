import { LRUCache } from 'lru-cache'
import { urls } from '#core/http/urls'
import type { PageLayout, RevisionTree, TreePage, ReusableContentEntry } from '#content/types'
import { serializeFile } from '#content/serializers/file_serializer'

export interface PageSerializeOptions {
  /** false omits the mutable metadata: createdAt, updatedAt (and git, which Bindery has none of). */
  metadata: boolean
  /**
   * The change request the pages are read on: their `urls.app` open the page on it in the console
   * rather than on the space's current revision.
   */
  changeRequest?: string
}

/**
 * Every flag of GitBook's RevisionPageLayoutOptions (all required on the wire), overridden by the
 * page's own layout.
 */
const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
}

function layoutOf(layout: PageLayout | undefined) {
  return layout ? { ...DEFAULT_LAYOUT, ...layout } : { ...DEFAULT_LAYOUT }
}

/**
 * The console page of a page: on the space's current revision, or on a change request's head.
 */
export function pageAppUrl(spaceId: string, pageId: string, changeRequest?: string) {
  const base = changeRequest
    ? `/spaces/${spaceId}/change-requests/${changeRequest}`
    : `/spaces/${spaceId}`
  return urls.app(`${base}/pages/${pageId}`)
}

/**
 * GitBook's RevisionPage (document, group or link) with its children, without document bodies.
 */
export function serializePage(
  spaceId: string,
  page: TreePage,
  options: PageSerializeOptions
): Record<string, unknown> {
  // Built by assignment rather than spreads of conditional literals: a page read serializes the
  // page and its children on every request, and the spreads were most of that cost.
  const node = page.node
  const out: Record<string, unknown> = { id: node.id, title: node.title }
  if (node.emoji) out.emoji = node.emoji
  if (node.icon) out.icon = node.icon
  if (options.metadata) {
    out.createdAt = node.createdAt
    out.updatedAt = node.updatedAt
  }
  if (node.condition) out.condition = node.condition
  if (node.type === 'link') {
    const href = node.href ?? ''
    const pageRef = /^\/pages\/([A-Za-z0-9_-]+)$/.exec(href)
    out.kind = 'link'
    out.type = 'link'
    out.target = pageRef ? { kind: 'page', page: pageRef[1] } : { kind: 'url', url: href }
    out.href = href
    if (node.hidden) out.hidden = true
    return out
  }
  const children = page.children.map((child) => serializePage(spaceId, child, options))
  if (node.type === 'group') {
    out.kind = 'group'
    out.type = 'group'
    out.slug = node.slug
    out.path = page.path
    setVisibility(out, node)
    out.pages = children
    return out
  }
  out.kind = 'sheet'
  out.type = 'document'
  out.urls = { app: pageAppUrl(spaceId, node.id, options.changeRequest) }
  out.slug = node.slug
  out.path = page.path
  if (node.description) out.description = node.description
  out.pages = children
  out.layout = layoutOf(node.layout)
  if (node.cover) out.cover = node.cover
  out.variables = node.variables ?? {}
  setVisibility(out, node)
  out.tags = []
  if (node.document) out.documentId = node.document
  return out
}

/** The visibility flags of a document or group page, all present on the wire. */
function setVisibility(out: Record<string, unknown>, node: TreePage['node']) {
  out.hidden = node.hidden ?? false
  out.noIndex = node.noIndex ?? false
  out.noRobotsIndex = node.noRobotsIndex ?? false
}

/** GitBook's RevisionReusableContent: `document` is the id (hash) of its document. */
export function serializeReusableContent(entry: ReusableContentEntry) {
  return { id: entry.id, title: entry.title, document: entry.document }
}

/**
 * A revision never changes, so its serialized page tree (for the same options) does not either:
 * serializing 5,000 pages is done once per revision, not per request.
 */
const serializedTrees = new LRUCache<string, { pages: Record<string, unknown>[]; size: number }>({
  // Pages over all cached trees: the few hot revisions, not every tree the store caches.
  maxSize: 20_000,
  sizeCalculation: (entry) => entry.size + 1,
})

function pagesKey(tree: RevisionTree, options: PageSerializeOptions) {
  return `${tree.spaceId}:${tree.id}:${options.metadata}:${options.changeRequest ?? ''}`
}

/** The whole page tree of a revision. */
export function serializePages(
  tree: RevisionTree,
  options: PageSerializeOptions
): Record<string, unknown>[] {
  const key = pagesKey(tree, options)
  let entry = serializedTrees.get(key)
  if (!entry) {
    entry = {
      pages: tree.pages.map((page) => serializePage(tree.spaceId, page, options)),
      size: tree.byId.size,
    }
    serializedTrees.set(key, entry)
  }
  return entry.pages
}

/**
 * The answer of a page-tree read (`{"pages": [...]}`) as UTF-8 JSON, serialized once per revision
 * and options: however many requests read a 5,000-page tree, it is serialized once and each answer
 * only writes the bytes. Bounded by bytes: a 5,000-page tree is about 4 MB, so eight of them.
 */
const pagesTexts = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (text) => text.length + 64,
})

export function pagesJson(tree: RevisionTree, options: PageSerializeOptions): Buffer {
  const key = pagesKey(tree, options)
  let text = pagesTexts.get(key)
  if (!text) {
    const pages =
      serializedTrees.get(key)?.pages ??
      tree.pages.map((page) => serializePage(tree.spaceId, page, options))
    text = Buffer.from(JSON.stringify({ pages }))
    pagesTexts.set(key, text)
  }
  return text
}

/**
 * GitBook's Revision: pages tree, files, reusable contents, variables. `mergedFrom` (the presented
 * change request) is required on merge revisions.
 */
export function serializeRevision(
  tree: RevisionTree,
  options: PageSerializeOptions & { mergedFrom?: Record<string, unknown>; viewerId: string }
) {
  return {
    object: 'revision' as const,
    id: tree.id,
    type: tree.type,
    ...(tree.type === 'merge' && options.mergedFrom ? { mergedFrom: options.mergedFrom } : {}),
    parents: tree.parents,
    pages: serializePages(tree, options),
    files: tree.files.map((file) => serializeFile(tree, file, options.viewerId)),
    reusableContents: tree.reusableContents.map(serializeReusableContent),
    tags: [],
    variables: tree.variables,
    createdAt: tree.createdAt,
    urls: { app: urls.app(`/spaces/${tree.spaceId}/revisions/${tree.id}`) },
  }
}
