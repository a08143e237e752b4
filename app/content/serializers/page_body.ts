import type { RevisionTree } from '#content/types'

/**
 * The markdown-to-JSON-document converter of the markdown toolkit (`#content/markdown/document`),
 * loaded when it is there: until it lands, `format=document` answers the markdown body instead.
 */
type Converter = (markdown: string, options: { resolveFile?(fileId: string): boolean }) => unknown

let converter: Promise<Converter | undefined> | undefined

function loadConverter(): Promise<Converter | undefined> {
  const specifier: string = '#content/markdown/document'
  converter ??= import(specifier).then(
    (module) => module.markdownToDocument as Converter,
    () => undefined
  )
  return converter
}

/**
 * The body fields of a single-page read: `{markdown}` for format=markdown, `{document}` (GitBook's
 * JSON document) for format=document.
 */
export async function pageBody(tree: RevisionTree, markdown: string, format: 'document' | 'markdown') {
  if (format === 'document') {
    const toDocument = await loadConverter()
    if (toDocument) {
      const files = new Set(tree.files.map((file) => file.id))
      return { document: toDocument(markdown, { resolveFile: (fileId) => files.has(fileId) }) }
    }
  }
  return { markdown }
}
