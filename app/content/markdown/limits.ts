import type { Nodes, Root } from 'mdast'

/**
 * Bounds on page markdown (and comment bodies), chosen far above what a real manual page holds
 * (GitBook-like) and low enough that one page never holds the event loop for long:
 *
 * - micromark's label end normalizes the whole label text again at every `]` (to look up a
 *   definition or footnote), so nested brackets cost N²: 40 KB of `[[[…]]]` took 8 s. The depth of
 *   brackets is bounded.
 * - its attention resolver walks back over every unmatched emphasis opener at each closer, so a
 *   paragraph of many unmatched `*`/`_` runs is N² too (48 KB took a minute). Both are modelled
 *   by the pre-scan and their cost is bounded.
 * - the converters (GitBook documents, HTML, PDF, search sections) walk trees recursively: nesting
 *   is bounded so none of them can overflow the stack.
 * - tables and links are linear but slow per item; their count is bounded.
 */
export const CONTENT_LIMITS = {
  /** Characters of one page's markdown (the validators' bound, restated here for the check). */
  markdownCharacters: 1_000_000,
  /** Blockquotes and lists inside one another. */
  containerNesting: 64,
  /** `[` opened and not yet closed, within one paragraph. */
  bracketNesting: 32,
  /**
   * Characters of label text read again at the `]`s of a page (from each `]` back to its `[`):
   * what nested or very long brackets cost micromark.
   */
  labelCharacters: 2_000_000,
  /**
   * Emphasis runs (`*`, `_`, `~`) walked over by the `*`/`_`/`~` closers of a page looking for their
   * openers: an unmatched closer walks over every run of its paragraph before it.
   */
  emphasisLookups: 200_000,
  /** Cells of one table row. */
  tableColumns: 256,
  /** Links, images and link definitions of one page. */
  links: 5_000,
  /** Link and footnote definitions (`[label]: url`) of one page. */
  definitions: 1_000,
  /**
   * Every `]` looks its label up in the list of definitions (micromark keeps them in an array),
   * so `]`s × definitions is bounded.
   */
  definitionLookups: 2_000_000,
  /** Depth of the parsed tree, inline nesting included; above it no converter walks the tree. */
  treeDepth: 200,
}

/**
 * The depth of a parsed tree above which the parser reads the source as one code block (see
 * parseMarkdown), whatever CONTENT_LIMITS say: the converters recurse, and this keeps every walk
 * of any stored page within the stack even where the limits on writes are raised or lifted.
 */
export const MAX_PARSED_DEPTH = 200

/**
 * Runs `work` under `limits` (a worker thread's task, given the server's own: the thread's module
 * has its own copy of CONTENT_LIMITS), then puts the previous limits back.
 */
export function underLimits<T>(limits: typeof CONTENT_LIMITS | undefined, work: () => T): T {
  if (!limits) return work()
  const saved = { ...CONTENT_LIMITS }
  Object.assign(CONTENT_LIMITS, limits)
  try {
    return work()
  } finally {
    Object.assign(CONTENT_LIMITS, saved)
  }
}

/** Content over one of CONTENT_LIMITS; the message names the limit. Writes answer it with a 400. */
export class ContentLimitError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContentLimitError'
  }
}

/**
 * One linear pass over the source, before micromark sees it: the shapes that make micromark
 * superlinear (deep brackets, many emphasis runs), many table columns and many inline links. Fenced
 * code is skipped (nothing in it is parsed as inline). Approximate by design (a paragraph is what
 * lies between blank lines), erring on counting more. Returns the broken limit's message, if any.
 */
export function scanMarkdown(markdown: string): string | undefined {
  const limits = CONTENT_LIMITS
  if (markdown.length > limits.markdownCharacters) {
    return `Page markdown exceeds the limit of ${limits.markdownCharacters} characters`
  }
  let links = 0
  let closers = 0
  let definitions = 0
  let nextDefinition = markdown.indexOf(']:')
  let fence: { char: string; length: number } | undefined
  let brackets: number[] = []
  let labelCharacters = 0
  // Emphasis: the index of the paragraph's next run, and the open runs of each marker.
  let runs = 0
  let openers = new Map<string, number[]>()
  let emphasisLookups = 0
  let lineStart = 0
  const length = markdown.length
  while (lineStart <= length) {
    let lineEnd = markdown.indexOf('\n', lineStart)
    if (lineEnd === -1) lineEnd = length
    // The line's container prefix: indentation, blockquote markers and list item markers.
    let i = lineStart
    let containers = 0
    let indentation = 0
    while (i < lineEnd) {
      const c = markdown.charCodeAt(i)
      if (c === 32 || c === 13) indentation++
      else if (c === 9) indentation += 4
      else if (c === 62 /* > */) containers++
      else {
        const marker = listMarkerEnd(markdown, i, lineEnd)
        if (marker === i) break
        containers++
        i = marker
        continue
      }
      i++
    }
    if (containers > limits.containerNesting || indentation > 4 * limits.containerNesting) {
      return `Blockquote/list nesting deeper than ${limits.containerNesting} levels`
    }
    const fenceChar = markdown[i]
    if (fenceChar === '`' || fenceChar === '~') {
      let j = i
      while (j < lineEnd && markdown[j] === fenceChar) j++
      const run = j - i
      if (run >= 3) {
        if (!fence) {
          fence = { char: fenceChar, length: run }
          lineStart = lineEnd + 1
          continue
        }
        if (fence.char === fenceChar && run >= fence.length) {
          fence = undefined
          lineStart = lineEnd + 1
          continue
        }
      }
    }
    if (fence) {
      lineStart = lineEnd + 1
      continue
    }
    if (i >= lineEnd) {
      // A blank line (possibly inside blockquotes) ends the paragraph.
      brackets = []
      runs = 0
      openers = new Map()
      lineStart = lineEnd + 1
      continue
    }
    // The next `]:` is looked up again only once passed: one search over the whole source.
    if (nextDefinition !== -1 && nextDefinition < i) nextDefinition = markdown.indexOf(']:', i)
    if (nextDefinition !== -1 && nextDefinition < lineEnd && ++definitions > limits.definitions) {
      return `More than ${limits.definitions} link definitions on a page`
    }
    let pipes = 0
    let previous = ''
    for (let k = i; k < lineEnd; k++) {
      const c = markdown[k]
      if (c === '\\') {
        k++
        previous = ''
        continue
      }
      if (c === '[') {
        brackets.push(k)
        if (brackets.length > limits.bracketNesting) {
          return `Link/bracket nesting deeper than ${limits.bracketNesting} levels`
        }
      } else if (c === ']') {
        closers++
        const opened = brackets.pop()
        if (opened !== undefined) {
          labelCharacters += k - opened
          if (labelCharacters > limits.labelCharacters) {
            return `Link labels over the limit of ${limits.labelCharacters} characters (brackets nested or very long)`
          }
        }
        if (markdown[k + 1] === '(' && ++links > limits.links) {
          return `More than ${limits.links} links on a page`
        }
      } else if (c === '|') {
        if (++pipes > limits.tableColumns + 1) {
          return `Tables of more than ${limits.tableColumns} columns`
        }
      } else if ((c === '*' || c === '_' || c === '~') && c !== previous) {
        let end = k
        while (end < lineEnd && markdown[end] === c) end++
        const before = k > i ? markdown[k - 1] : ' '
        const after = end < lineEnd ? markdown[end] : ' '
        // An intraword `_` (snake_case) can neither open nor close: it costs nothing.
        if (!(c === '_' && isWordCharacter(before) && isWordCharacter(after))) {
          const stack = openers.get(c) ?? []
          openers.set(c, stack)
          let matched = false
          if (!isWhitespace(before)) {
            // A closer walks back to its nearest opener, or over the whole paragraph.
            const opener = stack.pop()
            matched = opener !== undefined
            emphasisLookups += opener === undefined ? runs : runs - opener
            if (emphasisLookups > limits.emphasisLookups) {
              return `Unmatched emphasis markers (* _ ~) over the limit of ${limits.emphasisLookups} lookups`
            }
          }
          if (!matched && !isWhitespace(after)) stack.push(runs)
          runs++
        }
        previous = c
        k = end - 1
        continue
      }
      previous = c
    }
    lineStart = lineEnd + 1
  }
  if (closers * definitions > limits.definitionLookups) {
    return `Reference links over the limit of ${limits.definitionLookups} lookups (${closers} brackets × ${definitions} link definitions)`
  }
  return undefined
}

/** Where a list item marker (`-`, `*`, `+`, `1.`, `1)`) starting at `at` ends, else `at`. */
function listMarkerEnd(source: string, at: number, lineEnd: number): number {
  let end = at
  const c = source[at]
  if (c === '-' || c === '*' || c === '+') {
    end = at + 1
  } else {
    while (end < lineEnd && end - at < 9 && source[end] >= '0' && source[end] <= '9') end++
    if (end === at || (source[end] !== '.' && source[end] !== ')')) return at
    end++
  }
  const next = source[end]
  return next === ' ' || next === '\t' || end === lineEnd ? end : at
}

function isWhitespace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n'
}

function isWordCharacter(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}]/u.test(c)
}

/**
 * The limits only a parsed tree shows: nesting of blockquotes and lists, the tree's depth, table
 * columns and every kind of link. Iterative, so any depth is measured without recursion.
 */
export function treeProblem(tree: Root): string | undefined {
  const limits = CONTENT_LIMITS
  let links = 0
  const stack: [Nodes, number, number][] = [[tree, 0, 0]]
  while (stack.length > 0) {
    const [node, depth, containers] = stack.pop()!
    if (depth > limits.treeDepth) {
      return `Nesting deeper than ${limits.treeDepth} levels`
    }
    const nested = node.type === 'blockquote' || node.type === 'list' ? containers + 1 : containers
    if (nested > limits.containerNesting) {
      return `Blockquote/list nesting deeper than ${limits.containerNesting} levels`
    }
    if (node.type === 'tableRow' && node.children.length > limits.tableColumns) {
      return `Tables of more than ${limits.tableColumns} columns`
    }
    if (
      (node.type === 'link' ||
        node.type === 'image' ||
        node.type === 'linkReference' ||
        node.type === 'imageReference' ||
        node.type === 'definition') &&
      ++links > limits.links
    ) {
      return `More than ${limits.links} links on a page`
    }
    if ('children' in node) {
      for (const child of node.children) stack.push([child as Nodes, depth + 1, nested])
    }
  }
  return undefined
}

/** Depth of a tree, measured without recursion (stops counting once over `bound`). */
export function deeperThan(tree: Root, bound: number): boolean {
  const stack: [Nodes, number][] = [[tree, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (depth > bound) return true
    if ('children' in node) {
      for (const child of node.children) stack.push([child as Nodes, depth + 1])
    }
  }
  return false
}
