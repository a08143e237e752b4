import router from '@adonisjs/core/services/router'
import type { PageResult } from '#content/search/search_service'
import { normalize } from '#content/search/terms'

/**
 * A piece of a search result's text; `mark` when it is one of the words searched for. The page
 * shows marked pieces in `<mark>` (as React elements: the text is never parsed as HTML).
 */
export type TextPiece = { text: string; mark: boolean }

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/**
 * `text` cut into pieces, the words the search matched marked: a word equal to a query word once
 * both are normalized as the index does (case, width, Latin diacritics: `Café` for `cafe`), a word
 * starting with a query word of 3 or more characters (the search's prefix match), and a query's
 * CJK run wherever it occurs.
 */
export function highlight(text: string, needles: string[]): TextPiece[] {
  const words = needles.filter((needle) => needle !== '' && !CJK.test(needle))
  const runs = needles.filter((needle) => CJK.test(needle))
  const ranges: Array<[number, number]> = []
  for (const match of text.matchAll(WORD_RUN)) {
    const word = match[0]
    const start = match.index
    const normalized = normalize(word)
    const matches = words.some(
      (needle) =>
        normalized === needle || ([...needle].length >= 3 && normalized.startsWith(needle))
    )
    if (matches) {
      ranges.push([start, start + word.length])
      continue
    }
    for (const run of runs) {
      for (let at = word.indexOf(run); at >= 0; at = word.indexOf(run, at + run.length)) {
        ranges.push([start + at, start + at + run.length])
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0])
  const pieces: TextPiece[] = []
  let position = 0
  for (const [from, to] of ranges) {
    if (to <= position) continue
    const start = Math.max(from, position)
    if (start > position) pieces.push({ text: text.slice(position, start), mark: false })
    const last = pieces[pieces.length - 1]
    if (last?.mark && start === position) last.text += text.slice(start, to)
    else pieces.push({ text: text.slice(start, to), mark: true })
    position = to
  }
  if (position < text.length) pieces.push({ text: text.slice(position), mark: false })
  return pieces
}

/**
 * A search result as the console lists it: the page's title and path (marked), its console page
 * (on the space's current content, where search looks), and its best sections with their
 * excerpts marked, each linking to its heading.
 */
export function searchHitProps(page: PageResult, needles: string[], spaceTitle?: string) {
  const url = router.makeUrl('console.pages.show', { spaceId: page.spaceId, pageId: page.pageId })
  return {
    id: `${page.spaceId}/${page.pageId}`,
    spaceId: page.spaceId,
    spaceTitle: spaceTitle ?? null,
    pageId: page.pageId,
    title: highlight(page.title, needles),
    path: page.path,
    url,
    sections: page.sections.map((section) => ({
      id: section.id,
      title: section.id ? highlight(section.title, needles) : [],
      snippet: highlight(section.body, needles),
      url: section.id ? `${url}#${encodeURIComponent(section.id)}` : url,
    })),
  }
}
