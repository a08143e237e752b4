import { LRUCache } from 'lru-cache'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { classifyTarget } from '#content/markdown/links'
import { readFacts } from '#content/services/document_facts'
import type ContentStore from '#content/services/content_store'
import type { RevisionTree, TreePage } from '#content/types'

/**
 * Links written as page paths (`./later.md`, `../guide/README.md`, `/pages/guides/intro`) that
 * authoring could not turn into `/pages/<id>` because no page was at that path yet. They stay as
 * written; link analysis resolves them against each revision, and a later batch that gives the
 * path a page rewrites them (BatchApplier), so they work once their target exists.
 */

const pathIndexes = new WeakMap<RevisionTree, Map<string, TreePage>>()

/**
 * The page at a slash path of a revision (any type, as authoring resolves paths: the first sibling
 * holding the slug), or undefined. `''` names no page, as on write.
 */
export function pageAtPath(tree: RevisionTree, path: string): TreePage | undefined {
  if (path === '') return undefined
  let index = pathIndexes.get(tree)
  if (!index) {
    index = new Map()
    // Breadth-first and in sibling order: the first page at a path is the one authoring finds.
    for (const page of tree.byId.values()) if (!index.has(page.path)) index.set(page.path, page)
    pathIndexes.set(tree, index)
  }
  return index.get(path)
}

/**
 * Whether a link may name a page by its path, from some page: not a URL with a scheme, not
 * protocol-relative, not an anchor of its own page, not a page id or a file. Which path it names
 * (if any) depends on the linking page (classifyTarget).
 */
export function mayNamePagePath(url: string): boolean {
  const trimmed = url.trim()
  if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return false
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(trimmed)) return false
  const type = classifyTarget(trimmed).type
  // A relative link that leaves the space from the root (`../x.md`) may not from a deeper page.
  return type === 'page-path' || (type === 'other' && !trimmed.startsWith('/'))
}

/** The URLs of each document that may name a page path, by document hash (documents never change). */
const pathUrls = new LRUCache<string, string[]>({
  maxSize: 500_000,
  sizeCalculation: (urls) => urls.length + 1,
})

/** A page of a revision holding links that may name page paths, and those links' URLs. */
export interface PathLinkPage {
  pageId: string
  urls: string[]
}

/**
 * The pages of `tree` whose documents hold links that may name page paths. Read from the stored
 * link facts of the documents (never their markdown), remembered per document: asking again for a
 * revision that shares most documents with one asked before costs a lookup per page.
 */
export async function pathLinkPages(
  store: ContentStore,
  client: QueryClientContract,
  tree: RevisionTree
): Promise<PathLinkPage[]> {
  const known = new Map<string, string[]>()
  const missing: string[] = []
  for (const page of tree.byId.values()) {
    const hash = page.node.document
    if (!hash || known.has(hash)) continue
    const urls = pathUrls.get(hash)
    if (urls) known.set(hash, urls)
    else missing.push(hash)
  }
  if (missing.length > 0) {
    const facts = await readFacts(store, client, tree.spaceId, missing)
    for (const [hash, documentFacts] of facts) {
      const urls = [...new Set(documentFacts.links.map((link) => link.url).filter(mayNamePagePath))]
      pathUrls.set(hash, urls)
      known.set(hash, urls)
    }
  }
  const found: PathLinkPage[] = []
  for (const page of tree.byId.values()) {
    const urls = page.node.document ? known.get(page.node.document) : undefined
    if (urls && urls.length > 0) found.push({ pageId: page.node.id, urls })
  }
  return found
}
