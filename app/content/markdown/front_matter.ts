import { parse as parseYaml, YAMLParseError } from 'yaml'
import { toString } from 'mdast-util-to-string'
import type { PageLayout } from '#content/types'
import { parseMarkdown } from '#content/markdown/parse'

/**
 * A page document sent as markdown could not be read: its front matter is not YAML, or a key has
 * the wrong type. Authoring turns it into a 400 naming the change.
 */
export class InvalidPageSourceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidPageSourceError'
  }
}

/** What a markdown page document says about its page, and its body. */
export interface PageSource {
  /** The body: front matter and the leading title heading removed, everything else byte-identical. */
  markdown: string
  title?: string
  description?: string
  emoji?: string
  icon?: string
  hidden?: boolean
  noIndex?: boolean
  layout?: PageLayout
}

/**
 * Reads a markdown page document the way GitBook's Git Sync does:
 *
 * - YAML front matter (`---` lines, `...` also closes) sets page metadata: `description`, `icon`,
 *   `emoji`, `hidden`, `noIndex`, `title` and `layout` (`cover`, `title`, `description`,
 *   `tableOfContents`, `outline`, `pagination`, each as Git Sync writes it, `{visible: bool}`, or a
 *   plain boolean; `cover.size` gives `coverSize`). Keys Git Sync writes that a page does not keep
 *   here (`cover`, `coverY`, `layout.width`, `metaLinks`, ...) are ignored.
 * - A level-1 heading leading the body sets the title and is removed from the body: Git Sync keeps a
 *   page's title out of its document and writes it back as that heading. A `title` key in the front
 *   matter wins over the heading; the heading then is ordinary content and stays.
 * - Both take precedence over a `title` sent alongside the document (the caller applies that).
 *
 * Throws InvalidPageSourceError for front matter that is not a YAML mapping or has a wrongly typed key.
 */
export function readPageSource(markdown: string): PageSource {
  const source = markdown.startsWith('\uFEFF') ? markdown.slice(1) : markdown
  const { data, body } = splitFrontMatter(source)
  const result: PageSource = { markdown: body }

  if (data) Object.assign(result, readMetadata(data))

  if (result.title === undefined) {
    const heading = leadingTitleHeading(body)
    if (heading) {
      if (heading.title !== '') result.title = heading.title
      result.markdown = body.slice(0, heading.start) + body.slice(heading.end)
    }
  }
  return result
}

const OPENING = /^---[ \t]*(?:\r\n|\n|\r)/
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/

/**
 * Front matter is a `---` first line and the next `---` (or `...`) line; without a closing line the
 * document has none (the `---` is then a thematic break or a setext underline of the body).
 */
function splitFrontMatter(source: string): { data?: Record<string, unknown>; body: string } {
  const opening = OPENING.exec(source)
  if (!opening) return { body: source }

  const lineBreak = /\r\n|\n|\r/g
  let lineStart = opening[0].length
  while (lineStart <= source.length) {
    lineBreak.lastIndex = lineStart
    const next = lineBreak.exec(source)
    const lineEnd = next ? next.index : source.length
    if (CLOSING.test(source.slice(lineStart, lineEnd))) {
      const yamlText = source.slice(opening[0].length, lineStart)
      const body = source.slice(next ? next.index + next[0].length : source.length)
      return { data: parseFrontMatter(yamlText), body }
    }
    if (!next) break
    lineStart = next.index + next[0].length
  }
  return { body: source }
}

function parseFrontMatter(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = parseYaml(text, { prettyErrors: true, uniqueKeys: true })
  } catch (error) {
    let detail = error instanceof Error ? error.message.split('\n')[0] : String(error)
    if (error instanceof YAMLParseError) {
      // Lines of the whole document: the front matter starts below the opening `---`.
      const at = error.linePos?.[0]
      detail = detail.replace(/ at line \d+, column \d+:?$/, '')
      if (at) detail += ` (line ${at.line + 1}, column ${at.col})`
    }
    throw new InvalidPageSourceError(`The front matter is not valid YAML: ${detail}`)
  }
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidPageSourceError('The front matter must be a YAML mapping of keys to values')
  }
  return value as Record<string, unknown>
}

const LAYOUT_FLAGS = [
  'cover',
  'title',
  'description',
  'tableOfContents',
  'outline',
  'pagination',
] as const

function readMetadata(data: Record<string, unknown>): Omit<PageSource, 'markdown'> {
  const metadata: Omit<PageSource, 'markdown'> = {}
  for (const key of ['title', 'description', 'emoji', 'icon'] as const) {
    const value = data[key]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string') throw wrongType(key, 'a string', value)
    // Block scalars (`>-`, `|`), as Git Sync writes descriptions, may end with a line break.
    const text = value.trim()
    if (key === 'title' && text === '') throw wrongType(key, 'a non-empty string', value)
    if (text !== '') metadata[key] = text
  }
  for (const key of ['hidden', 'noIndex'] as const) {
    const value = data[key]
    if (value === undefined || value === null) continue
    if (typeof value !== 'boolean') throw wrongType(key, 'true or false', value)
    metadata[key] = value
  }
  if (data.layout !== undefined && data.layout !== null) {
    metadata.layout = readLayout(data.layout)
  }
  return metadata
}

function readLayout(value: unknown): PageLayout {
  if (typeof value !== 'object' || Array.isArray(value) || value === null) {
    throw wrongType('layout', 'a mapping', value)
  }
  const input = value as Record<string, unknown>
  const layout: PageLayout = {}
  for (const flag of LAYOUT_FLAGS) {
    const entry = input[flag]
    if (entry === undefined || entry === null) continue
    if (typeof entry === 'boolean') {
      layout[flag] = entry
      continue
    }
    if (typeof entry !== 'object' || Array.isArray(entry)) {
      throw wrongType(`layout.${flag}`, 'true, false or a mapping with `visible`', entry)
    }
    const { visible, size } = entry as Record<string, unknown>
    if (visible !== undefined && visible !== null) {
      if (typeof visible !== 'boolean')
        throw wrongType(`layout.${flag}.visible`, 'true or false', visible)
      layout[flag] = visible
    }
    if (flag === 'cover' && size !== undefined && size !== null) {
      if (size !== 'hero' && size !== 'full')
        throw wrongType('layout.cover.size', '"hero" or "full"', size)
      layout.coverSize = size
    }
  }
  return layout
}

function wrongType(key: string, expected: string, value: unknown) {
  const shown =
    typeof value === 'string'
      ? JSON.stringify(value)
      : Array.isArray(value)
        ? 'a list'
        : typeof value === 'object'
          ? 'a mapping'
          : String(value)
  return new InvalidPageSourceError(
    `The front matter key "${key}" must be ${expected}, got ${shown}`
  )
}

/**
 * The body's first block when it is a level-1 heading (ATX `# Title` or setext `Title\n===`): its
 * text, and the range to remove (blank lines before it, the heading and the blank lines after it).
 */
function leadingTitleHeading(
  body: string
): { title: string; start: number; end: number } | undefined {
  // A heading never spans a blank line: parsing the first chunk of text is enough, even for a long
  // document.
  const leading = /^(?:[ \t]*(?:\r\n|\n|\r))*/.exec(body)![0].length
  const blank = /(?:\r\n|\n|\r)[ \t]*(?:\r\n|\n|\r|$)/.exec(body.slice(leading))
  let chunk = body.slice(0, blank ? leading + blank.index : body.length)
  // Only the heading's own lines are parsed: an ATX heading is its first line; a setext heading-1
  // ends at the first `===` line. A chunk with neither opens with no heading-1 at all.
  const firstLine = /^[^\r\n]*/.exec(chunk.slice(leading))![0]
  if (/^ {0,3}#{1,6}(?:[ \t]|$)/.test(firstLine)) {
    if (!/^ {0,3}#(?:[ \t]|$)/.test(firstLine)) return undefined
    chunk = body.slice(0, leading + firstLine.length)
  } else {
    const underline = /(?:\r\n|\n|\r) {0,3}=+[ \t]*(?=\r\n|\n|\r|$)/.exec(chunk)
    if (!underline) return undefined
    chunk = chunk.slice(0, underline.index + underline[0].length)
  }
  const first = parseMarkdown(chunk).children[0]
  if (!first || first.type !== 'heading' || first.depth !== 1) return undefined
  let end = first.position?.end.offset ?? 0
  // Drop the heading's line break and the blank lines below it too.
  const trailing = /^(?:[ \t]*(?:\r\n|\n|\r))+/.exec(body.slice(end))
  if (trailing) end += trailing[0].length
  return { title: toString(first).trim(), start: 0, end }
}
