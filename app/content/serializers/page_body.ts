import { convertedJson } from '#content/services/document_json'

/**
 * The body fields of a comment (or any markdown that is not a stored page document):
 * `{markdown}` for format=markdown, `{document}` (GitBook's JSON document, converted from the
 * markdown; conversions are cached by content hash) for format=document.
 */
export function pageBody(documentHash: string, markdown: string, format: 'document' | 'markdown') {
  if (format === 'markdown') return { markdown }
  return { document: JSON.parse(convertedJson(documentHash, markdown)) as Record<string, unknown> }
}

/** A page's body as read: its markdown, or the JSON text of its document as stored. */
export type PageBodyText = { markdown: string } | { documentJson: string }

/**
 * The JSON text of a single-page read: the serialized page with its body. The document's JSON
 * text goes in as it was stored, never parsed and serialized again.
 */
export function pageJsonText(serialized: Record<string, unknown>, body?: PageBodyText): string {
  if (!body) return JSON.stringify(serialized)
  if ('markdown' in body) return JSON.stringify({ ...serialized, markdown: body.markdown })
  const head = JSON.stringify(serialized)
  const fields = head === '{}' ? '{' : `${head.slice(0, -1)},`
  return `${fields}"document":${body.documentJson}}`
}
