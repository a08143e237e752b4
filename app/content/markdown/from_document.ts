import { toMarkdown, type Options as SerializerOptions } from 'mdast-util-to-markdown'
import { gfmToMarkdown } from 'mdast-util-gfm'
import type {
  AlignType,
  BlockContent,
  Delete,
  Emphasis,
  Link,
  ListItem,
  Paragraph,
  PhrasingContent,
  Strong,
  TableCell,
  TableRow,
} from 'mdast'
import { InvalidPageSourceError } from '#content/markdown/front_matter'
import { embeddedBlockMarkdown, isEmbeddedRef } from '#content/markdown/embedded_blocks'

/**
 * GitBook JSON document → markdown, the inverse of `markdownToDocument` (document.ts) for the
 * shapes markdown can express: authoring batches accept `{"document": {...}}` and Bindery stores
 * markdown. The document becomes an mdast tree, which mdast-util-to-markdown (with GFM) writes and
 * escapes.
 *
 * - Paragraphs; text leaves with bold, italic, code and strikethrough marks (other marks keep their
 *   text); a newline in text is a hard break.
 * - Links (`inline` `link`, `data.ref`): `url` as written, `page` as `/pages/<id>`, `anchor` as
 *   `/pages/<id>#a` or `#a`, `file` as `/files/<id>`; other refs keep their text only.
 * - Headings 1-3, ordered (with `start`), unordered and task lists (nested), code blocks (`syntax`,
 *   `title`), blockquotes, dividers, hints (`{% hint style="..." %}` ... `{% endhint %}` at the top
 *   level as document.ts reads them; a hint nested in a list or quote keeps its blocks only),
 *   images (`images`/`image` blocks and inline images: file or url ref, alt, caption), tables (GFM
 *   tables when every cell is one paragraph, else one paragraph per row, cells ` | `-joined).
 * - Other GitBook blocks and inlines (embeds, files, content refs, expandables, tabs, math, emoji,
 *   ...): what they link to and their text, as paragraphs. Nothing that carries text is dropped.
 *
 * Not carried over (markdown has no place for them here): custom heading ids, code block line
 * numbers/overflow, a code block's title without a syntax, colors, table column types beyond
 * text/number/checkbox, whitespace at the start or end of a line of text. Bare URLs and e-mail
 * addresses in text read back as links (GFM autolink literals), with the same text.
 *
 * The document is checked structurally as it is converted (GitBook's schema lives in a
 * development-only package): anything that is not a document, an unknown node shape, or an
 * unknown block type carrying no text throws InvalidPageSourceError naming where.
 */
export function documentToMarkdown(document: unknown): string {
  if (!isRecord(document)) throw invalid('document', 'must be a JSON object')
  if (document.object !== 'document') throw invalid('document.object', 'must be "document"')
  if (!Array.isArray(document.nodes)) throw invalid('document.nodes', 'must be an array of blocks')
  const size = measure(document)
  if (size.depth > MAX_DEPTH) throw invalid('document', `nests deeper than ${MAX_DEPTH} levels`)
  if (size.values > MAX_VALUES || size.characters > MAX_CHARACTERS) {
    throw invalid(
      'document',
      `is too large (at most ${MAX_VALUES} values and ${MAX_CHARACTERS} characters of text)`
    )
  }
  const builder = new TreeBuilder()
  const children = document.nodes.flatMap((node, i) =>
    builder.block(node, `document.nodes[${i}]`, 'top')
  )
  return children.length === 0 ? '' : toMarkdown({ type: 'root', children }, SERIALIZER)
}

/**
 * How the tree is written: as Bindery wrote markdown before (`-`/`*` bullets, `*` emphasis, `**`
 * strong, backtick fences, `---` rules, `[text](url)` links), GFM tables without column padding.
 */
const SERIALIZER: SerializerOptions = {
  // GFM without its autolink-literal extension, which only escapes bare URLs and e-mail addresses
  // (`https\://`, `a\@b.co`): Bindery's parser reads those back as links all the same.
  extensions: gfmToMarkdown({ tablePipeAlign: false }).extensions!.filter(
    (extension) => extension.handlers !== undefined
  ),
  bullet: '-',
  bulletOther: '*',
  bulletOrdered: '.',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  ruleRepetition: 3,
  ruleSpaces: false,
  listItemIndent: 'one',
  resourceLink: true,
  setext: false,
  closeAtx: false,
  unsafe: [
    // `{%` starts GitBook's template tags (`{% hint %}`), which document.ts reads back.
    {
      character: '{',
      after: '%',
      inConstruct: 'phrasing',
      notInConstruct: ['destinationLiteral', 'destinationRaw', 'titleQuote', 'titleApostrophe'],
    },
  ],
}

type Json = Record<string, unknown>
type Context = 'top' | 'nested'
type MarkType = (typeof RENDERED_MARKS)[number]
type MarkNode = Strong | Emphasis | Delete

/**
 * Inline content before it becomes mdast: text and code leaves with their marks, hard breaks, and
 * finished inline nodes (links, images), which close any open marks.
 */
type Piece =
  | { kind: 'text' | 'code'; value: string; marks: Set<string> }
  | { kind: 'break'; marks: Set<string> }
  | { kind: 'node'; node: PhrasingContent }

/**
 * Where inline content goes: `newline` is what a newline in text becomes (a hard break, or a space
 * where breaks cannot go); `edges` trims whitespace at the start and end of it all (paragraphs,
 * headings, cells), not only around hard breaks.
 */
interface PhrasingMode {
  newline: 'break' | 'space'
  edges: boolean
}
const PARAGRAPH: PhrasingMode = { newline: 'break', edges: true }
const ONE_LINE: PhrasingMode = { newline: 'space', edges: true }
const LINK_TEXT: PhrasingMode = { newline: 'break', edges: false }

/** JSON nesting a document may have (the converter recurses; GitBook's own documents stay far below). */
const MAX_DEPTH = 256
const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success'])
/** Marks with markdown syntax, outermost first when several open at once (`***a***` is em(strong)). */
const RENDERED_MARKS = ['strikethrough', 'italic', 'bold'] as const
const MARK_NODES: Record<MarkType, MarkNode['type']> = {
  strikethrough: 'delete',
  bold: 'strong',
  italic: 'emphasis',
}
const ALIGNMENTS: Record<string, AlignType> = { center: 'center', right: 'right' }

/** Nesting depth of a JSON value, without recursion. */
/**
 * Serializing costs tens of microseconds per text node (mdast-util-to-markdown escapes each one),
 * so a document is measured before it is converted and refused past these bounds: about a second
 * of work at most, and more text than a page may hold anyway (1,000,000 characters).
 */
const MAX_VALUES = 200_000
const MAX_CHARACTERS = 1_000_000

/** Depth, number of values and characters of strings, walking no further than the bounds. */
function measure(value: unknown) {
  const size = { depth: 0, values: 0, characters: 0 }
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    size.values++
    if (typeof current === 'string') size.characters += current.length
    if (typeof current !== 'object' || current === null) continue
    if (depth > size.depth) size.depth = depth
    if (size.depth > MAX_DEPTH || size.values > MAX_VALUES || size.characters > MAX_CHARACTERS) {
      return size
    }
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return size
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalid(path: string, problem: string): InvalidPageSourceError {
  return new InvalidPageSourceError(`the JSON document is invalid: ${path} ${problem}`)
}

class TreeBuilder {
  /**
   * GitBook's `openapi-operation` block as the `{% openapi-operation %}` tag document.ts reads
   * back (top level only; nested, its operation as text).
   */
  openAPIOperation(data: Json, path: string, context: Context): BlockContent[] {
    const ref = isRecord(data.ref) ? data.ref : {}
    const operation = {
      spec: typeof ref.spec === 'string' ? ref.spec : '',
      path: typeof data.path === 'string' ? data.path : '',
      method: typeof data.method === 'string' ? data.method.toLowerCase() : '',
    }
    if (ref.kind !== 'openapi' || !isEmbeddedRef(operation)) {
      throw invalid(`${path}.data`, 'must name an OpenAPI operation (ref.spec, path, method)')
    }
    if (context !== 'top') {
      return [
        {
          type: 'paragraph',
          children: [
            { type: 'inlineCode', value: `${operation.method.toUpperCase()} ${operation.path}` },
          ],
        },
      ]
    }
    return [
      { type: 'html', value: embeddedBlockMarkdown({ type: 'openapi-operation', ...operation }) },
    ]
  }

  /** A block as mdast blocks: none when it has nothing to show, several for hints and others. */
  block(node: unknown, path: string, context: Context): BlockContent[] {
    if (!isRecord(node)) throw invalid(path, 'must be an object')
    if (node.object !== 'block') {
      if (node.object === 'text' || node.object === 'inline') {
        // Inline content where a block belongs: keep it as a paragraph.
        return paragraph(this.inlines([node], path), PARAGRAPH)
      }
      throw invalid(`${path}.object`, `must be "block" (got ${JSON.stringify(node.object)})`)
    }
    if (typeof node.type !== 'string') throw invalid(`${path}.type`, 'must be a string')
    const data = node.data === undefined ? {} : node.data
    if (!isRecord(data)) throw invalid(`${path}.data`, 'must be an object')
    if (node.nodes !== undefined && !Array.isArray(node.nodes))
      throw invalid(`${path}.nodes`, 'must be an array')
    if (node.fragments !== undefined && !Array.isArray(node.fragments)) {
      throw invalid(`${path}.fragments`, 'must be an array')
    }
    const nodes = (node.nodes ?? []) as unknown[]

    switch (node.type) {
      case 'paragraph':
        return paragraph(this.inlines(nodes, `${path}.nodes`), PARAGRAPH)
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const depth = Number(node.type.slice(-1)) as 1 | 2 | 3
        return [
          { type: 'heading', depth, children: phrasing(this.inlines(nodes, `${path}.nodes`)) },
        ]
      }
      case 'divider':
        return [{ type: 'thematicBreak' }]
      case 'code':
        return [this.code(nodes, data, path)]
      case 'blockquote':
        return [{ type: 'blockquote', children: this.children(nodes, path, 'nested') }]
      case 'hint': {
        const inner = this.children(nodes, path, context)
        if (context !== 'top') return inner
        const style =
          typeof data.style === 'string' && HINT_STYLES.has(data.style) ? data.style : 'info'
        return [
          { type: 'html', value: `{% hint style="${style}" %}` },
          ...inner,
          { type: 'html', value: '{% endhint %}' },
        ]
      }
      case 'openapi-operation':
        return this.openAPIOperation(data, path, context)
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        return this.list(node.type, nodes, data, path)
      case 'images': {
        const images = nodes.flatMap((child, i): Piece[] => {
          const imagePath = `${path}.nodes[${i}]`
          if (!isRecord(child) || child.object !== 'block')
            throw invalid(imagePath, 'must be an image block')
          return [...(i > 0 ? [leaf(' ')] : []), this.imageBlock(child, imagePath)]
        })
        return paragraph(images, PARAGRAPH)
      }
      case 'image':
        return paragraph([this.imageBlock(node, path)], PARAGRAPH)
      case 'table':
        return this.table(node, data, path)
      default:
        return this.other(node, data, nodes, path)
    }
  }

  children(nodes: unknown[], path: string, context: Context): BlockContent[] {
    return nodes.flatMap((child, i) => this.block(child, `${path}.nodes[${i}]`, context))
  }

  list(type: string, nodes: unknown[], data: Json, path: string): BlockContent[] {
    const items = nodes.map((item, i): ListItem => {
      const itemPath = `${path}.nodes[${i}]`
      if (!isRecord(item) || item.object !== 'block')
        throw invalid(itemPath, 'must be a list-item block')
      if (item.nodes !== undefined && !Array.isArray(item.nodes))
        throw invalid(`${itemPath}.nodes`, 'must be an array')
      const checked =
        type === 'list-tasks' ? isRecord(item.data) && item.data.checked === true : null
      const children = this.children((item.nodes ?? []) as unknown[], itemPath, 'nested')
      // The checkbox is written before a first paragraph only.
      if (checked !== null && children[0]?.type !== 'paragraph')
        children.unshift({ type: 'paragraph', children: [] })
      // `spread`: blocks of an item apart by a blank line, items themselves one per line.
      return { type: 'listItem', spread: true, checked, children }
    })
    if (items.length === 0) return []
    const ordered = type === 'list-ordered'
    const start = ordered && Number.isInteger(data.start) ? (data.start as number) : 1
    return [{ type: 'list', ordered, start, spread: false, children: items }]
  }

  code(nodes: unknown[], data: Json, path: string): BlockContent {
    const lines = nodes.map((line, i) => {
      const linePath = `${path}.nodes[${i}]`
      if (!isRecord(line)) throw invalid(linePath, 'must be a code-line block')
      return this.plainText(line.nodes ?? [], `${linePath}.nodes`)
    })
    // The info string cannot hold whitespace in the syntax, nor quotes in the title.
    const lang = typeof data.syntax === 'string' ? data.syntax.replace(/[\s`]/g, '') : ''
    const title = typeof data.title === 'string' ? data.title.replace(/["`\r\n]/g, '') : ''
    return {
      type: 'code',
      lang: lang || null,
      meta: typeof data.title === 'string' && data.title !== '' ? `title="${title}"` : null,
      value: lines.join('\n'),
    }
  }

  imageBlock(node: Json, path: string): Piece {
    const data = isRecord(node.data) ? node.data : {}
    const url = refUrl(data.ref)
    if (url === undefined) throw invalid(`${path}.data.ref`, 'must be a url or file reference')
    const caption = this.fragmentText(node.fragments, 'caption', path)
    return image(typeof data.alt === 'string' ? data.alt : '', url, caption)
  }

  /**
   * GitBook's table: columns in `view.columns` (titles in `definition`), records ordered by
   * `orderIndex`, text cells as fragments named by the record's values.
   */
  table(node: Json, data: Json, path: string): BlockContent[] {
    const view = isRecord(data.view) ? data.view : {}
    const definition = isRecord(data.definition) ? data.definition : {}
    const records = isRecord(data.records) ? data.records : {}
    const columns = Array.isArray(view.columns)
      ? view.columns.filter((c): c is string => typeof c === 'string')
      : Object.keys(definition)
    const fragments = new Map<string, unknown[]>()
    for (const [i, fragment] of ((node.fragments ?? []) as unknown[]).entries()) {
      if (
        !isRecord(fragment) ||
        typeof fragment.fragment !== 'string' ||
        !Array.isArray(fragment.nodes)
      ) {
        throw invalid(`${path}.fragments[${i}]`, 'must be a fragment with nodes')
      }
      fragments.set(fragment.fragment, fragment.nodes)
    }
    const rows = Object.entries(records)
      .filter((entry): entry is [string, Json] => isRecord(entry[1]))
      .sort(([, a], [, b]) => String(a.orderIndex ?? '').localeCompare(String(b.orderIndex ?? '')))

    let simple = true
    const cells = rows.map(([id, record]): Piece[][] => {
      const values = isRecord(record.values) ? record.values : {}
      return columns.map((column) => {
        const value = values[column]
        if (value === undefined || value === null) return []
        if (typeof value === 'number' || typeof value === 'boolean') return [leaf(String(value))]
        if (typeof value === 'string' && fragments.has(value)) {
          const blocks = fragments.get(value)!
          const cellPath = `${path}.records.${id}`
          if (
            blocks.length > 1 ||
            (blocks.length === 1 && !(isRecord(blocks[0]) && blocks[0].type === 'paragraph'))
          ) {
            simple = false
            return [leaf(this.plainText(blocks, cellPath))]
          }
          return blocks.length === 0
            ? []
            : this.inlines(((blocks[0] as Json).nodes as unknown[]) ?? [], cellPath)
        }
        if (typeof value === 'string') return [leaf(value)]
        simple = false
        return []
      })
    })
    const titles = columns.map((column) => {
      const def = definition[column]
      return isRecord(def) && typeof def.title === 'string' ? [leaf(def.title)] : []
    })
    if (!simple || columns.length === 0) {
      // Cells that are not one paragraph each: a paragraph per row, cells ` | `-joined.
      return [titles, ...cells]
        .filter((row) => !row.every(isBlank))
        .flatMap((row) =>
          paragraph(
            row.flatMap((cell, i) => (i > 0 ? [leaf(' | '), ...cell] : cell)),
            ONE_LINE
          )
        )
    }
    const tableRow = (row: Piece[][]): TableRow => ({
      type: 'tableRow',
      children: row.map((cell): TableCell => ({ type: 'tableCell', children: phrasing(cell) })),
    })
    const align = columns.map((column) => {
      const def = definition[column]
      const alignment = isRecord(def) ? def.textAlignment : undefined
      return (typeof alignment === 'string' && ALIGNMENTS[alignment]) || 'left'
    })
    return [{ type: 'table', align, children: [titles, ...cells].map(tableRow) }]
  }

  /** Blocks markdown has no syntax for: what they link to, and their text. */
  other(node: Json, data: Json, nodes: unknown[], path: string): BlockContent[] {
    const url = typeof data.url === 'string' ? data.url : refUrl(data.ref)
    const texts: string[] = []
    for (const key of ['title', 'caption', 'formula', 'label'] as const) {
      if (typeof data[key] === 'string' && data[key] !== '') texts.push(data[key] as string)
    }
    const parts: Piece[][] = []
    if (url !== undefined) parts.push([link(url, [leaf(texts.shift() ?? url)])])
    parts.push(...texts.map((t) => [leaf(t)]))
    const blocks: BlockContent[] = paragraph(
      parts.flatMap((part, i) => (i > 0 ? [leaf(' '), ...part] : part)),
      PARAGRAPH
    )
    for (const [i, fragment] of ((node.fragments ?? []) as unknown[]).entries()) {
      if (isRecord(fragment) && Array.isArray(fragment.nodes)) {
        blocks.push(...this.children(fragment.nodes, `${path}.fragments[${i}]`, 'nested'))
      }
    }
    if (nodes.length > 0) {
      // A container (expandable, tabs, stepper, columns, ...) or a block of inlines.
      const allBlocks = nodes.every((child) => isRecord(child) && child.object === 'block')
      blocks.push(
        ...(allBlocks
          ? this.children(nodes, path, 'nested')
          : paragraph(this.inlines(nodes, `${path}.nodes`), PARAGRAPH))
      )
    }
    if (blocks.length === 0)
      throw invalid(path, `is a "${node.type}" block, which carries no text this server can keep`)
    return blocks
  }

  /** Text and inline nodes as pieces of inline content. */
  inlines(nodes: unknown[], path: string): Piece[] {
    if (!Array.isArray(nodes)) throw invalid(path, 'must be an array')
    return nodes.flatMap((node, i): Piece[] => {
      const nodePath = `${path}[${i}]`
      if (!isRecord(node)) throw invalid(nodePath, 'must be an object')
      if (node.object === 'text') {
        return textLeaves(node, nodePath).map((l, j): Piece => {
          if (!isRecord(l) || typeof l.text !== 'string')
            throw invalid(`${nodePath}.leaves[${j}].text`, 'must be a string')
          const marks = markTypes(l.marks, `${nodePath}.leaves[${j}]`)
          return { kind: marks.has('code') ? 'code' : 'text', value: l.text, marks }
        })
      }
      if (node.object === 'inline') return this.inline(node, nodePath)
      if (node.object === 'block') return [leaf(this.plainText([node], nodePath))]
      throw invalid(
        `${nodePath}.object`,
        `must be "text" or "inline" (got ${JSON.stringify(node.object)})`
      )
    })
  }

  inline(node: Json, path: string): Piece[] {
    const data = isRecord(node.data) ? node.data : {}
    const nodes = Array.isArray(node.nodes) ? node.nodes : []
    switch (node.type) {
      case 'link': {
        const url = refUrl(data.ref)
        const text = this.inlines(nodes, `${path}.nodes`)
        return url === undefined ? text : [link(url, text)]
      }
      case 'inline-image': {
        const url = refUrl(data.ref)
        if (url === undefined) throw invalid(`${path}.data.ref`, 'must be a url or file reference')
        return [
          image(
            typeof data.alt === 'string' ? data.alt : '',
            url,
            typeof data.caption === 'string' ? data.caption : undefined
          ),
        ]
      }
      case 'emoji': {
        const code = typeof data.code === 'string' ? data.code : ''
        const chars = code
          .split('-')
          .map((hex) => Number.parseInt(hex, 16))
          .filter((n) => Number.isInteger(n) && n > 0 && n <= 0x10ffff)
        if (chars.length > 0) return [leaf(String.fromCodePoint(...chars))]
        break
      }
      case 'math':
        if (typeof data.formula === 'string') return [leaf(data.formula)]
        break
    }
    const text = nodes.length > 0 ? this.inlines(nodes, `${path}.nodes`) : []
    if (!text.every(isEmpty)) return text
    const url = refUrl(data.ref)
    if (url !== undefined) return [link(url, [leaf(url)])]
    for (const key of ['label', 'title', 'text', 'icon']) {
      if (typeof data[key] === 'string' && data[key] !== '') return [leaf(data[key] as string)]
    }
    throw invalid(
      path,
      `is a "${String(node.type)}" inline, which carries no text this server can keep`
    )
  }

  /** Plain text of nodes of any kind, for places markup cannot go; blocks apart by a space. */
  plainText(nodes: unknown, path: string): string {
    if (!Array.isArray(nodes)) throw invalid(path, 'must be an array')
    return nodes
      .map((node, i) => {
        const nodePath = `${path}[${i}]`
        if (!isRecord(node)) throw invalid(nodePath, 'must be an object')
        if (node.object === 'text') {
          return textLeaves(node, nodePath)
            .map((l, j) => {
              if (!isRecord(l) || typeof l.text !== 'string')
                throw invalid(`${nodePath}.leaves[${j}].text`, 'must be a string')
              return l.text
            })
            .join('')
        }
        return this.plainText(node.nodes ?? [], `${nodePath}.nodes`)
      })
      .join(nodes.every((n) => isRecord(n) && n.object === 'block') ? ' ' : '')
  }

  fragmentText(fragments: unknown, name: string, path: string): string | undefined {
    if (!Array.isArray(fragments)) return undefined
    const index = fragments.findIndex((f) => isRecord(f) && f.fragment === name)
    if (index < 0) return undefined
    const text = this.plainText(
      (fragments[index] as Json).nodes ?? [],
      `${path}.fragments[${index}].nodes`
    ).trim()
    return text === '' ? undefined : text
  }
}

function textLeaves(node: Json, path: string): unknown[] {
  if (Array.isArray(node.leaves)) return node.leaves
  // GitBook also accepts `{object: "text", text: "...", marks: [...]}` in some writers.
  if (typeof node.text === 'string') return [{ text: node.text, marks: node.marks ?? [] }]
  throw invalid(`${path}.leaves`, 'must be an array of leaves')
}

function markTypes(marks: unknown, path: string): Set<string> {
  if (marks === undefined) return new Set()
  if (!Array.isArray(marks)) throw invalid(`${path}.marks`, 'must be an array')
  return new Set(
    marks.map((m, i) => {
      if (!isRecord(m) || typeof m.type !== 'string')
        throw invalid(`${path}.marks[${i}].type`, 'must be a string')
      return m.type
    })
  )
}

/** `data.ref` as a markdown destination: url, page, anchor and file references; undefined for others. */
function refUrl(ref: unknown): string | undefined {
  if (!isRecord(ref)) return undefined
  switch (ref.kind) {
    case 'url':
      return typeof ref.url === 'string' ? ref.url : undefined
    case 'page':
      return typeof ref.page === 'string' ? `/pages/${ref.page}` : undefined
    case 'file':
      return typeof ref.file === 'string' ? `/files/${ref.file}` : undefined
    case 'anchor':
      if (typeof ref.anchor !== 'string') return undefined
      return typeof ref.page === 'string' ? `/pages/${ref.page}#${ref.anchor}` : `#${ref.anchor}`
    default:
      return undefined
  }
}

function leaf(value: string): Piece {
  return { kind: 'text', value, marks: new Set() }
}

function link(url: string, text: Piece[]): Piece {
  const node: Link = { type: 'link', url, children: phrasing(text, LINK_TEXT) }
  return { kind: 'node', node }
}

/** An image; markdown's alt text and title stay on one line. */
function image(alt: string, url: string, caption: string | undefined): Piece {
  return {
    kind: 'node',
    node: {
      type: 'image',
      url,
      alt: alt.replace(/\r\n?|\n/g, ' '),
      title: caption ? caption.replace(/\r\n?|\n/g, ' ') : null,
    },
  }
}

function isEmpty(piece: Piece): boolean {
  return piece.kind !== 'node' && piece.kind !== 'break' && piece.value === ''
}

function isBlank(pieces: Piece[]): boolean {
  return pieces.every((piece) => piece.kind === 'text' && piece.value.trim() === '')
}

/** A paragraph of inline content; none when it would be empty. */
function paragraph(pieces: Piece[], mode: PhrasingMode): Paragraph[] {
  const children = phrasing(pieces, mode)
  return children.length === 0 ? [] : [{ type: 'paragraph', children }]
}

/** Pieces as mdast inline content (see PhrasingMode). */
function phrasing(pieces: Piece[], mode: PhrasingMode = ONE_LINE): PhrasingContent[] {
  return hoistWhitespace(markTree(trimLines(splitLines(pieces, mode), mode)))
}

/** Newlines in text become break pieces (or spaces); code spans hold no newlines. */
function splitLines(pieces: Piece[], mode: PhrasingMode): Piece[] {
  return pieces.flatMap((piece): Piece[] => {
    if (piece.kind === 'code') return [{ ...piece, value: piece.value.replace(/\r\n?|\n/g, ' ') }]
    if (piece.kind !== 'text') return [piece]
    const lines = piece.value.split(/\r\n?|\n/)
    if (mode.newline === 'space') return [{ ...piece, value: lines.join(' ') }]
    return lines.flatMap((value, i): Piece[] => [
      ...(i > 0 ? [{ kind: 'break' as const, marks: piece.marks }] : []),
      { ...piece, value },
    ])
  })
}

/**
 * Spaces and tabs at the start and end of lines go (markdown would drop them or need them
 * encoded), as do hard breaks ending a paragraph (they would read back as a backslash).
 */
function trimLines(pieces: Piece[], mode: PhrasingMode): Piece[] {
  const lines: Piece[][] = [[]]
  const breaks: Piece[] = []
  for (const piece of pieces) {
    if (piece.kind === 'break') {
      breaks.push(piece)
      lines.push([])
    } else {
      lines[lines.length - 1].push(piece)
    }
  }
  lines.forEach((line, i) => {
    if (i > 0 || mode.edges) trimEdge(line, 'start')
    if (i < lines.length - 1 || mode.edges) trimEdge(line, 'end')
  })
  if (mode.edges) {
    while (lines.length > 1 && lines[lines.length - 1].every(isEmpty)) {
      lines.pop()
      breaks.pop()
    }
  }
  return lines.flatMap((line, i) => [...(i > 0 ? [breaks[i - 1]] : []), ...line])
}

function trimEdge(line: Piece[], edge: 'start' | 'end') {
  const order = edge === 'start' ? line.keys() : [...line.keys()].reverse()
  for (const i of order) {
    const piece = line[i]
    if (piece.kind !== 'text') return
    piece.value = piece.value.replace(edge === 'start' ? /^[ \t]+/ : /[ \t]+$/, '')
    if (piece.value !== '') return
  }
}

/**
 * Leaves' marks as nested strong/emphasis/delete nodes, opened and closed as a stack (so `a` bold
 * then `b` bold+italic is `**a*b***`); the marks that last longest open first, so they close last.
 */
function markTree(pieces: Piece[]): PhrasingContent[] {
  const root: PhrasingContent[] = []
  const stack: { mark: MarkType; node: MarkNode }[] = []
  const marksOf = (piece: Piece | undefined) =>
    piece && piece.kind !== 'node' ? piece.marks : new Set<string>()
  const live = pieces.filter((piece) => !isEmpty(piece))
  live.forEach((piece, i) => {
    const wanted = RENDERED_MARKS.filter((m) => marksOf(piece).has(m))
    let keep = 0
    while (keep < stack.length && wanted.includes(stack[keep].mark)) keep++
    stack.length = keep
    const opening = wanted
      .filter((m) => !stack.some((open) => open.mark === m))
      .map((m) => {
        let until = i
        while (until + 1 < live.length && marksOf(live[until + 1]).has(m)) until++
        return { m, until }
      })
      .sort((a, b) => b.until - a.until)
    for (const { m } of opening) {
      const node = { type: MARK_NODES[m], children: [] } as MarkNode
      ;(stack.length > 0 ? stack[stack.length - 1].node.children : root).push(node)
      stack.push({ mark: m, node })
    }
    const into = stack.length > 0 ? stack[stack.length - 1].node.children : root
    const last = into[into.length - 1]
    // One text node per run of text: the serializer's cost is per node.
    if (piece.kind === 'text' && last?.type === 'text') {
      last.value += piece.value
      return
    }
    into.push(
      piece.kind === 'node'
        ? piece.node
        : piece.kind === 'break'
          ? { type: 'break' }
          : piece.kind === 'code'
            ? { type: 'inlineCode', value: piece.value }
            : { type: 'text', value: piece.value }
    )
  })
  return root
}

/**
 * Spaces and tabs at the edges of a mark move out of it (`** a**` would not be emphasis); marks
 * left empty (only whitespace) go.
 */
function hoistWhitespace(nodes: PhrasingContent[]): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    if (node.type !== 'strong' && node.type !== 'emphasis' && node.type !== 'delete') return [node]
    node.children = hoistWhitespace(node.children)
    const lead = takeWhitespace(node.children, 'start')
    const trail = takeWhitespace(node.children, 'end')
    return [
      ...(lead ? [{ type: 'text' as const, value: lead }] : []),
      ...(node.children.length > 0 ? [node] : []),
      ...(trail ? [{ type: 'text' as const, value: trail }] : []),
    ]
  })
}

function takeWhitespace(children: PhrasingContent[], edge: 'start' | 'end'): string {
  let taken = ''
  while (children.length > 0) {
    const index = edge === 'start' ? 0 : children.length - 1
    const child = children[index]
    if (child.type !== 'text') break
    const match = (edge === 'start' ? /^[ \t]+/ : /[ \t]+$/).exec(child.value)
    if (!match) break
    child.value =
      edge === 'start' ? child.value.slice(match[0].length) : child.value.slice(0, match.index)
    taken = edge === 'start' ? taken + match[0] : match[0] + taken
    if (child.value !== '') break
    children.splice(index, 1)
  }
  return taken
}
