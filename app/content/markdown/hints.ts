import type { RootContent } from 'mdast'

export type HintStyle = 'info' | 'warning' | 'danger' | 'success'

/** A GitBook hint written over top-level blocks `first` to `last` (inclusive). */
export interface TopLevelHint {
  first: number
  last: number
  style: HintStyle
  /** The markdown between the opening and the closing lines, to be parsed as the hint's own. */
  inner: string
}

const HINT_OPEN =
  /^\{%\s*hint\s+style\s*=\s*"(info|warning|danger|success)"\s*%\}[ \t]*(?:\r\n|\n|\r|$)/
const HINT_CLOSE = /(?:^|\r\n|\n|\r)[ \t]*\{%\s*endhint\s*%\}\s*$/

/**
 * The GitBook `{% hint style="..." %}` ... `{% endhint %}` blocks among a document's top-level
 * blocks, in order: a paragraph opening with the hint line, up to the first block (the same one or
 * a later one) whose last line is `{% endhint %}`. Linear in the number of blocks: each block is
 * tested once for a closing line, so a page of unclosed hints costs no more than one hint.
 */
export function topLevelHints(children: RootContent[], source: string): TopLevelHint[] {
  const nextClosing = closingBlocks(children, source, HINT_CLOSE)
  const hints: TopLevelHint[] = []
  for (let i = 0; i < children.length; i++) {
    const first = children[i]
    const start = first.position?.start.offset
    if (start === undefined || first.type !== 'paragraph') continue
    const opening = HINT_OPEN.exec(source.slice(start, first.position!.end.offset))
    const last = nextClosing[i]
    if (!opening || last === undefined) continue
    const lastStart = children[last].position!.start.offset!
    const text = source.slice(start, children[last].position!.end.offset)
    const closing = HINT_CLOSE.exec(text.slice(lastStart - start))!
    // The opening line's break may also be the closing line's: an empty hint.
    const inner = text.slice(
      opening[0].length,
      Math.max(lastStart - start + closing.index, opening[0].length)
    )
    hints.push({ first: i, last, style: opening[1] as HintStyle, inner })
    i = last
  }
  return hints
}

/** For each block, the index of the first block from it on whose last line matches `close`. */
export function closingBlocks(
  children: RootContent[],
  source: string,
  close: RegExp
): (number | undefined)[] {
  const next: (number | undefined)[] = new Array(children.length)
  let closing: number | undefined
  for (let i = children.length - 1; i >= 0; i--) {
    const position = children[i].position
    const start = position?.start.offset
    const end = position?.end.offset
    if (start !== undefined && end !== undefined && close.test(source.slice(start, end)))
      closing = i
    next[i] = closing
  }
  return next
}
