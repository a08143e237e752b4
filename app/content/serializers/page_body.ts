import type { RevisionTree } from '#content/types'
import { markdownToDocument } from '#content/markdown/document'

/**
 * The body fields of a single-page read: `{markdown}` for format=markdown, `{document}` (GitBook's
 * JSON document, converted from the stored markdown) for format=document.
 */
export function pageBody(tree: RevisionTree, markdown: string, format: 'document' | 'markdown') {
  if (format === 'markdown') return { markdown }
  const files = new Set(tree.files.map((file) => file.id))
  return { document: markdownToDocument(markdown, { resolveFile: (fileId: string) => files.has(fileId) }) }
}
