import { markdownToDocument } from '#content/markdown/document'

/**
 * The body fields of a single-page read: `{markdown}` for format=markdown, `{document}` (GitBook's
 * JSON document, converted from the stored markdown) for format=document.
 */
export function pageBody(markdown: string, format: 'document' | 'markdown') {
  return format === 'markdown' ? { markdown } : { document: markdownToDocument(markdown) }
}
