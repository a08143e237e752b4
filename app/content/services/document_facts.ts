import { LRUCache } from 'lru-cache'
import type { Root } from 'mdast'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { parseMarkdown } from '#content/markdown/parse'
import { linkSites } from '#content/markdown/links'
import { factsOf, type DocumentFacts } from '#content/markdown/derive'
import { deriveStored } from '#content/services/page_derivation'
import type ContentStore from '#content/services/content_store'
import { hashObject, type StoredObject } from '#content/services/content_store'
import { rememberSections } from '#content/search/sections'

/**
 * Parsing markdown is the costly part of analysing a revision, so a document's facts (DocumentFacts)
 * are computed once, when the document is written, and stored beside it as a `links` object whose
 * key derives from the document's hash. Analysing a 5,000-page revision then reads facts, not
 * markdown.
 */
export type { DocumentFacts }

const cache = new LRUCache<string, DocumentFacts>({
  maxSize: 500_000,
  sizeCalculation: (facts) => facts.links.length + facts.anchors.length + 1,
})

export function factsKey(documentHash: string): string {
  return hashObject('links', documentHash)
}

/** `parsed` is `parseMarkdown(markdown)` when the caller has it already (the tree is only read). */
export function computeFacts(
  markdown: string,
  parsed: Root = parseMarkdown(markdown)
): DocumentFacts {
  return factsOf(parsed, linkSites(parsed, markdown))
}

/**
 * The stored object of a document's facts. The parsed document (given, or parsed here) also gives
 * search its sections, so indexing the document does not parse it again.
 */
export function factsObject(documentHash: string, markdown: string, parsed?: Root): StoredObject {
  const root = parsed ?? parseMarkdown(markdown)
  rememberSections(documentHash, root)
  return factsObjectOf(documentHash, computeFacts(markdown, root))
}

/** The stored object of facts computed elsewhere (a worker thread's DerivedDocument). */
export function factsObjectOf(documentHash: string, facts: DocumentFacts): StoredObject {
  cache.set(documentHash, facts)
  return { kind: 'links', hash: factsKey(documentHash), body: JSON.stringify(facts) }
}

/**
 * Facts of the given documents: from memory, else stored, else parsed from the markdown (documents
 * written before facts were stored).
 */
export async function readFacts(
  store: ContentStore,
  client: QueryClientContract,
  spaceId: string,
  documentHashes: string[]
): Promise<Map<string, DocumentFacts>> {
  const found = new Map<string, DocumentFacts>()
  const missing: string[] = []
  for (const hash of new Set(documentHashes)) {
    const cached = cache.get(hash)
    if (cached) found.set(hash, cached)
    else missing.push(hash)
  }
  if (missing.length === 0) return found
  const byKey = new Map(missing.map((hash) => [factsKey(hash), hash]))
  const stored = await store.readObjects(client, spaceId, [...byKey.keys()])
  const unparsed: string[] = []
  for (const hash of missing) {
    const body = stored.get(factsKey(hash))
    if (body === undefined) {
      unparsed.push(hash)
      continue
    }
    const facts = JSON.parse(body) as DocumentFacts
    cache.set(hash, facts)
    found.set(hash, facts)
  }
  if (unparsed.length > 0) {
    const markdown = await store.readDocuments(client, spaceId, unparsed)
    for (const hash of unparsed) {
      const text = markdown.get(hash) ?? ''
      // A long document's facts are made in a worker thread (deriveStored).
      const derived = await deriveStored(text)
      const facts = derived?.facts ?? computeFacts(text)
      cache.set(hash, facts)
      found.set(hash, facts)
    }
  }
  return found
}
