import { fromMarkdown, type Extension as MdastExtension } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import type { Nodes, Parents, Root } from 'mdast'
import {
  CONTENT_LIMITS,
  ContentLimitError,
  deeperThan,
  MAX_PARSED_DEPTH,
  scanMarkdown,
  treeProblem,
} from '#content/markdown/limits'

/**
 * Where a link's or a definition's destination is written in the source: UTF-16 offsets, `end`
 * exclusive, and whether it is the `<...>` form. Recorded by the parser itself (see below), so
 * rewriting never has to re-read the markdown by hand.
 */
export interface DestinationRange {
  start: number
  end: number
  angled: boolean
}

declare module 'mdast' {
  interface Data {
    /** Set on `link`, `image` and `definition` nodes written with a (non-empty) destination. */
    destination?: DestinationRange
  }
}

/**
 * The parser's own hooks: entering a destination string does what mdast-util-from-markdown does by
 * default (open a buffer) and, first, records the token's offsets on the node that owns it (the
 * link, image or definition on top of the stack).
 */
function recordDestination(this: any, token: any) {
  const owner = this.stack[this.stack.length - 1]
  if (owner && owner.type !== 'fragment') {
    const start = token.start.offset as number
    owner.data = {
      ...owner.data,
      destination: { start, end: token.end.offset as number, angled: false },
    }
  }
  this.buffer()
}

const destinationExtension: MdastExtension = {
  enter: {
    resourceDestinationString: recordDestination,
    definitionDestinationString: recordDestination,
  },
}

const micromarkExtensions = [gfm()]
const mdastExtensions = [gfmFromMarkdown(), destinationExtension]

/**
 * The one markdown parser of the content domain: CommonMark + GFM (tables, task lists,
 * strikethrough, autolink literals, footnotes), positions with offsets on every node.
 *
 * Content over CONTENT_LIMITS (stored before they existed, or written around them) reads as one
 * code block of its source: never a long stall in micromark, never a tree too deep to walk.
 */
export function parseMarkdown(markdown: string): Root {
  if (scanMarkdown(markdown) !== undefined) return sourceAsCode(markdown)
  const tree = fromMarkdown(markdown, { extensions: micromarkExtensions, mdastExtensions })
  if (deeperThan(tree, Math.min(CONTENT_LIMITS.treeDepth, MAX_PARSED_DEPTH))) {
    return sourceAsCode(markdown)
  }
  markAngled(tree, markdown)
  return tree
}

/**
 * Refuses markdown about to be written (a page, a comment body) that is over one of
 * CONTENT_LIMITS: throws ContentLimitError naming the limit.
 */
export function assertContentLimits(markdown: string) {
  parseForWrite(markdown)
}

/**
 * Parses markdown about to be written: throws ContentLimitError naming the limit when it is over
 * one of CONTENT_LIMITS, else answers what parseMarkdown answers for it (the one parse a write
 * needs: the limits are read from the same tree its derived objects are made of).
 */
export function parseForWrite(markdown: string): Root {
  const scanned = scanMarkdown(markdown)
  if (scanned !== undefined) throw new ContentLimitError(scanned)
  const tree = fromMarkdown(markdown, { extensions: micromarkExtensions, mdastExtensions })
  const problem = treeProblem(tree)
  if (problem !== undefined) throw new ContentLimitError(problem)
  // Only where the write limits are lifted (tests storing hostile pages) can it be this deep.
  if (deeperThan(tree, MAX_PARSED_DEPTH)) return sourceAsCode(markdown)
  markAngled(tree, markdown)
  return tree
}

/**
 * assertContentLimits and parseMarkdown in one parse: the tree of markdown about to be written,
 * or ContentLimitError naming the limit it goes over (website imports check and analyse each page
 * with it, in a worker thread).
 */
export function parseWithinLimits(markdown: string): Root {
  const scanned = scanMarkdown(markdown)
  if (scanned !== undefined) throw new ContentLimitError(scanned)
  const tree = fromMarkdown(markdown, { extensions: micromarkExtensions, mdastExtensions })
  const problem = treeProblem(tree)
  if (problem !== undefined) throw new ContentLimitError(problem)
  markAngled(tree, markdown)
  return tree
}

/** The whole source as one code block, positioned over all of it. */
export function sourceAsCode(markdown: string): Root {
  let line = 1
  let lineStart = 0
  for (
    let index = markdown.indexOf('\n');
    index !== -1;
    index = markdown.indexOf('\n', index + 1)
  ) {
    line++
    lineStart = index + 1
  }
  const position = {
    start: { line: 1, column: 1, offset: 0 },
    end: { line, column: markdown.length - lineStart + 1, offset: markdown.length },
  }
  return {
    type: 'root',
    children: [{ type: 'code', lang: null, meta: null, value: markdown, position }],
    position,
  }
}

function markAngled(tree: Root, source: string) {
  visit(tree, (node) => {
    const destination = node.data?.destination
    if (destination && source[destination.start - 1] === '<') destination.angled = true
  })
}

/**
 * Depth-first, document order. Return `false` from `enter` to skip a node's children.
 */
export function visit(
  node: Nodes,
  enter: (node: Nodes, parent: Parents | undefined) => boolean | void,
  parent?: Parents
) {
  if (enter(node, parent) === false) return
  if ('children' in node) {
    for (const child of node.children) visit(child as Nodes, enter, node as Parents)
  }
}

/** Start and end offsets of a node (0 when the parser gave none). */
export function offsets(node: Nodes): { start: number; end: number } {
  return { start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 }
}
