import { toString } from 'mdast-util-to-string'
import type { Heading, Root } from 'mdast'
import { parseMarkdown, visit } from '#content/markdown/parse'

export interface HeadingAnchor {
  id: string
  title: string
  depth: number
}

/**
 * GitBook-style anchor of a heading's text: lowercase, whitespace runs to one `-`, punctuation and
 * symbols dropped (`_` and `-` kept), letters and digits of every script kept. A heading of only
 * symbols gets `heading`.
 */
export function anchorOf(text: string): string {
  const anchor = text
    .normalize('NFC')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/gu, '-')
  return anchor === '' ? 'heading' : anchor
}

/**
 * Hands out unique anchors in document order: the second `Setup` is `setup-1`, the third
 * `setup-2`, skipping any suffix already taken by a heading's own text.
 */
export function createAnchorGenerator(): (text: string) => string {
  const taken = new Set<string>()
  const counts = new Map<string, number>()
  return (text) => {
    const base = anchorOf(text)
    let id = base
    let count = counts.get(base) ?? 0
    while (taken.has(id)) {
      count += 1
      id = `${base}-${count}`
    }
    counts.set(base, count)
    taken.add(id)
    return id
  }
}

/**
 * Every heading of a page body (any depth, also inside lists and quotes) with its anchor id, in
 * document order: what `#anchor` links to the page are checked against. The anchors are the ones the
 * page's JSON document gives its headings (document.ts uses the same generator).
 */
export function headingAnchors(markdown: string | Root): HeadingAnchor[] {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown
  const next = createAnchorGenerator()
  const anchors: HeadingAnchor[] = []
  visit(tree, (node) => {
    if (node.type === 'heading') {
      const title = headingText(node)
      anchors.push({ id: next(title), title, depth: node.depth })
      return false
    }
  })
  return anchors
}

export function headingText(node: Heading): string {
  return toString(node, { includeImageAlt: false }).trim()
}

const LIGATURES: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
}

const MAX_SLUG = 100

/**
 * A page slug from a title: lowercase; Latin letters folded to ASCII where they have a base letter
 * (`é` → `e`, `ß` → `ss`), other scripts kept as they are; anything else a single `-`; at most 100
 * characters; never empty (`untitled`).
 */
export function slugify(text: string): string {
  const folded = text
    .toLowerCase()
    .normalize('NFD')
    // Accents on Latin letters only: the vowel signs of Devanagari or Thai are marks too.
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[ßæœøđðłþı]/g, (letter) => LIGATURES[letter])

  const slug = folded.replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')
  const characters = Array.from(slug)
  const clipped =
    characters.length > MAX_SLUG ? characters.slice(0, MAX_SLUG).join('').replace(/-+$/, '') : slug
  return clipped === '' ? 'untitled' : clipped
}
