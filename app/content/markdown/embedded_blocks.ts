import type { RootContent } from 'mdast'
import { closingBlocks } from '#content/markdown/hints'
import type { EmbeddedBlockRef } from '#content/contracts/embedded_blocks'

/** A GitBook `{% openapi-operation %}` block written over top-level blocks `first` to `last`. */
export interface TopLevelEmbeddedBlock {
  first: number
  last: number
  ref: EmbeddedBlockRef
}

/** Embedded blocks a page may hold (the rest stay as their text). */
export const MAX_EMBEDDED_BLOCKS = 50

const OPEN =
  /^\{%\s*openapi-operation((?:\s+[a-z]+\s*=\s*"[^"\r\n]*")*)\s*%\}[ \t]*(?:\r\n|\n|\r|$)/
const ATTRIBUTE = /([a-z]+)\s*=\s*"([^"\r\n]*)"/g
const CLOSE = /(?:^|\r\n|\n|\r)[ \t]*\{%\s*endopenapi-operation\s*%\}\s*$/
/** What a block's attributes may hold, so that writing them back needs no escaping. */
const SPEC = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/
const METHOD = /^(get|put|post|delete|options|head|patch|trace)$/
const PATH = /^\/[^"\r\n]*$/

/**
 * GitBook's OpenAPI operation blocks among a document's top-level blocks, as GitBook writes them:
 *
 *     {% openapi-operation spec="petstore" path="/pets" method="get" %}
 *     [OpenAPI petstore](https://…)
 *     {% endopenapi-operation %}
 *
 * A paragraph opening with the tag, up to the first block whose last line closes it; what is
 * between (GitBook's fallback link) is not part of the block. `spec` is the specification's slug,
 * `method` lower case. Linear in the number of blocks, at most MAX_EMBEDDED_BLOCKS.
 */
export function topLevelEmbeddedBlocks(
  children: RootContent[],
  source: string
): TopLevelEmbeddedBlock[] {
  if (!source.includes('openapi-operation')) return []
  const nextClosing = closingBlocks(children, source, CLOSE)
  const blocks: TopLevelEmbeddedBlock[] = []
  for (let i = 0; i < children.length && blocks.length < MAX_EMBEDDED_BLOCKS; i++) {
    const first = children[i]
    const start = first.position?.start.offset
    if (start === undefined || first.type !== 'paragraph') continue
    const opening = OPEN.exec(source.slice(start, first.position!.end.offset))
    const last = nextClosing[i]
    if (!opening || last === undefined) continue
    const ref = embeddedRef(opening[1])
    if (!ref) continue
    blocks.push({ first: i, last, ref })
    i = last
  }
  return blocks
}

/** The block's reference from its attributes, when they name one. */
export function embeddedRef(attributes: string): EmbeddedBlockRef | undefined {
  const values = new Map<string, string>()
  for (const match of attributes.matchAll(ATTRIBUTE)) values.set(match[1], match[2])
  const spec = values.get('spec') ?? ''
  const path = values.get('path') ?? ''
  const method = (values.get('method') ?? '').toLowerCase()
  if (!isEmbeddedRef({ spec, path, method })) return undefined
  return { type: 'openapi-operation', spec, path, method }
}

export function isEmbeddedRef(ref: { spec: string; path: string; method: string }): boolean {
  return (
    ref.spec.length <= 100 &&
    SPEC.test(ref.spec) &&
    METHOD.test(ref.method) &&
    ref.path.length <= 2048 &&
    PATH.test(ref.path) &&
    !ref.path.includes('%}')
  )
}

/** The block as markdown (the inverse of topLevelEmbeddedBlocks; attributes already checked). */
export function embeddedBlockMarkdown(ref: EmbeddedBlockRef): string {
  return `{% openapi-operation spec="${ref.spec}" path="${ref.path}" method="${ref.method}" %}\n{% endopenapi-operation %}`
}

const ANY_OPEN = /\{%\s*openapi-operation((?:\s+[a-z]+\s*=\s*"[^"\r\n]*")*)\s*%\}/g

/**
 * The embedded blocks a page may show, found by their opening tags alone (a superset of what the
 * renderer shows, cheap enough to run before a page's validator is computed): what
 * EmbeddedBlocks.prepare loads. At most MAX_EMBEDDED_BLOCKS.
 */
export function embeddedRefsIn(markdown: string): EmbeddedBlockRef[] {
  if (!markdown.includes('openapi-operation')) return []
  const refs: EmbeddedBlockRef[] = []
  for (const match of markdown.matchAll(ANY_OPEN)) {
    const ref = embeddedRef(match[1])
    if (ref) refs.push(ref)
    if (refs.length >= MAX_EMBEDDED_BLOCKS) break
  }
  return refs
}
