import { LRUCache } from 'lru-cache'
import { markdownToDocument } from '#content/markdown/document'

type JsonDocument = ReturnType<typeof markdownToDocument>

/** Converted documents by document hash: a document never changes, so neither does its conversion. */
const converted = new LRUCache<string, JsonDocument>({ max: 5_000 })

/**
 * The body fields of a single-page read: `{markdown}` for format=markdown, `{document}` (GitBook's
 * JSON document, converted from the stored markdown) for format=document.
 */
export function pageBody(documentHash: string, markdown: string, format: 'document' | 'markdown') {
  if (format === 'markdown') return { markdown }
  let document = converted.get(documentHash)
  if (!document) {
    document = markdownToDocument(markdown)
    converted.set(documentHash, document)
  }
  return { document }
}
