/**
 * The searchable rendition of text, shared by the index and the query so both sides always agree,
 * whatever the engine's own tokenizer would do. Text becomes space-separated tokens of letters,
 * digits and combining marks that both SQLite FTS5 and InnoDB FULLTEXT keep as single words:
 *
 * - Words are lower-cased (NFKC) and Latin diacritics dropped (`café` = `cafe`).
 * - CJK text (Han, Hiragana, Katakana, Hangul) has no spaces between words, and neither engine
 *   splits it (FTS5's unicode61 keeps a whole run as one token; MariaDB has no CJK parser). Each
 *   character becomes `u` + 5 hex digits and each overlapping pair `b` + 10 hex digits, so a query
 *   of two or more characters matches by its pairs and a single character by itself.
 * - MariaDB's InnoDB FULLTEXT ignores words shorter than 3 characters and its default stopwords
 *   (`the`, `how`, ...), and we cannot change the server's settings: such words are written as
 *   `qz` + word (`go` → `qzgo`, `the` → `qzthe`), long enough and no stopword, on both engines.
 * - Words are cut at 80 characters (InnoDB drops tokens over 84).
 *
 * A query is text, never syntax: it goes through the same tokenizer, so quotes, operators,
 * parentheses or SQL are just more (or no) words.
 */

const CJK =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC\\u3005'
/** What separates words: split on it rather than matching words, which allocates a match each. */
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/u
const SEGMENT = new RegExp(`([${CJK}]+)|([^${CJK}]+)`, 'gu')
const HAS_CJK = new RegExp(`[${CJK}]`, 'u')
const LEADING_MARKS = /^\p{M}+/u
const LATIN_MARKS = /(\p{Script=Latin})\p{M}+/gu
const NON_ASCII = /[^\0-\x7f]/
const MAX_WORD = 80

/** InnoDB's default full-text stopwords (information_schema.INNODB_FT_DEFAULT_STOPWORD). */
const STOPWORDS = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(
    ' '
  )
)

/** Queries longer than this many tokens are cut (a 512-character CJK query would be 511 pairs). */
export const MAX_QUERY_TOKENS = 32

export type Segment = { kind: 'word'; text: string } | { kind: 'cjk'; chars: string[] }

/**
 * Lower-cased, compatibility-normalized text with Latin diacritics removed. Lone surrogates and
 * other non-characters simply fall outside every word.
 */
export function normalize(text: string): string {
  // ASCII text is its own normal form and has no marks: lower-casing is all it takes.
  if (!NON_ASCII.test(text)) return text.toLowerCase()
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKD')
    .replace(LATIN_MARKS, '$1')
    .normalize('NFC')
}

/**
 * The words and CJK runs of a text, in order.
 */
export function segments(text: string): Segment[] {
  const found: Segment[] = []
  eachSegment(
    text,
    (word) => found.push({ kind: 'word', text: word }),
    (run) => found.push({ kind: 'cjk', chars: [...run] })
  )
  return found
}

/**
 * The words and CJK runs of a text, in order, to callbacks. Indexing a page goes through tens of
 * thousands of words, so the common case allocates little: a run of letters without CJK is one
 * word, taken as it is.
 */
function eachSegment(text: string, word: (word: string) => void, cjk: (run: string) => void) {
  for (const run of normalize(text).split(NOT_WORD)) {
    if (!run) continue
    if (!HAS_CJK.test(run)) {
      wordOf(run, word)
      continue
    }
    for (const match of run.matchAll(SEGMENT)) {
      if (match[1]) cjk(match[1])
      else wordOf(match[2], word)
    }
  }
}

function wordOf(run: string, word: (word: string) => void) {
  // A run may start with combining marks left over from a split: they are no word alone.
  const text = LEADING_MARKS.test(run) ? run.replace(LEADING_MARKS, '') : run
  if (!text) return
  // At most MAX_WORD code points: a string of no more UTF-16 units has no more code points.
  word(text.length <= MAX_WORD ? text : [...text].slice(0, MAX_WORD).join(''))
}

function hex(char: string): string {
  return char.codePointAt(0)!.toString(16).padStart(5, '0')
}

/** The token of one word as both engines index it. */
export function wordToken(word: string): string {
  return codePointsUnder3(word) || STOPWORDS.has(word) ? `qz${word}` : word
}

/** Whether a word has fewer than 3 code points (UTF-16 length bounds it: 1–2 units per point). */
function codePointsUnder3(word: string): boolean {
  if (word.length < 3) return true
  if (word.length >= 6) return false
  return [...word].length < 3
}

export function charToken(char: string): string {
  return `u${hex(char)}`
}

export function pairToken(first: string, second: string): string {
  return `b${hex(first)}${hex(second)}`
}

/**
 * The index rendition of a text: every word, every CJK character and every CJK pair.
 */
export function indexTerms(text: string): string {
  const tokens: string[] = []
  eachSegment(
    text,
    (word) => tokens.push(wordToken(word)),
    (run) => {
      const chars = [...run]
      for (let i = 0; i < chars.length; i++) {
        tokens.push(charToken(chars[i]))
        if (i + 1 < chars.length) tokens.push(pairToken(chars[i], chars[i + 1]))
      }
    }
  )
  return tokens.join(' ')
}

export type QueryToken = { token: string; prefix: boolean }

export type SearchQuery = {
  /** Every token must match (in any column of a section). */
  tokens: QueryToken[]
  /** What to look for in a body to place an excerpt: the words and CJK runs, as typed but lower-cased. */
  needles: string[]
}

/**
 * A user's query as tokens. The last word, when it is a plain word of 3 characters or more and the
 * query does not end with a separator, also matches as a prefix (search-as-you-type).
 */
export function parseQuery(text: string): SearchQuery {
  const parts = segments(text)
  const tokens: QueryToken[] = []
  const needles: string[] = []
  const endsInWord = /[\p{L}\p{N}\p{M}]$/u.test(text)
  parts.forEach((segment, index) => {
    if (segment.kind === 'word') {
      const token = wordToken(segment.text)
      const last = index === parts.length - 1
      tokens.push({ token, prefix: last && endsInWord && token === segment.text })
      needles.push(segment.text)
    } else {
      const { chars } = segment
      if (chars.length === 1) tokens.push({ token: charToken(chars[0]), prefix: false })
      for (let i = 0; i + 1 < chars.length; i++)
        tokens.push({ token: pairToken(chars[i], chars[i + 1]), prefix: false })
      needles.push(chars.join(''))
    }
  })
  const unique = new Map<string, QueryToken>()
  for (const token of tokens) {
    const seen = unique.get(token.token)
    // The same word twice: the exact occurrence is the stricter requirement.
    unique.set(
      token.token,
      seen ? { token: token.token, prefix: seen.prefix && token.prefix } : token
    )
  }
  return { tokens: [...unique.values()].slice(0, MAX_QUERY_TOKENS), needles }
}

/**
 * The token that places a section in a space (`s_`) or an organization (`o_`), searched together
 * with the words: the prefix and the id's UTF-8 bytes in lower-case hex. Ids are mixed-case and
 * both engines fold case, so hex keeps two ids that differ only by case apart. `_` is a token
 * character for both engines' full-text parsers (InnoDB's own; FTS5 by `tokenchars`) but never
 * part of a query token, so no query can match a scope token.
 */
export function scopeToken(kind: 'space' | 'organization', id: string): string {
  return `${kind === 'space' ? 's' : 'o'}_${Buffer.from(id, 'utf8').toString('hex')}`
}

/** The scope column of a section: its space's token and its organization's. */
export function scopeTerms(spaceId: string, organizationId: string): string {
  return `${scopeToken('space', spaceId)} ${scopeToken('organization', organizationId)}`
}
