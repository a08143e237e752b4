import { toString } from 'mdast-util-to-string'
import type {
  Code,
  Definition,
  Heading,
  List,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from 'mdast'
import { parseMarkdown, visit } from '#content/markdown/parse'
import { classifyTarget } from '#content/markdown/links'
import { createAnchorGenerator, headingText } from '#content/markdown/headings'
import { topLevelHints, type TopLevelHint } from '#content/markdown/hints'
import { topLevelEmbeddedBlocks } from '#content/markdown/embedded_blocks'
import type { EmbeddedBlockRef } from '#content/contracts/embedded_blocks'

/**
 * GitBook's JSON document (`format=document` reads of a page): the subset of its node types that
 * markdown can express. Shapes follow @gitbook/api's `JSONDocument` schema.
 */
export type DocumentRef =
  | { kind: 'url'; url: string }
  | { kind: 'file'; file: string }
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; anchor: string; page?: string }

export interface DocumentMark {
  object: 'mark'
  type: 'bold' | 'italic' | 'code' | 'strikethrough'
}
export interface DocumentLeaf {
  object: 'leaf'
  text: string
  marks: DocumentMark[]
}
export interface DocumentText {
  object: 'text'
  key: string
  leaves: DocumentLeaf[]
}
export interface DocumentInline {
  object: 'inline'
  type: 'link' | 'inline-image'
  key: string
  data: Record<string, unknown>
  nodes?: (DocumentText | DocumentInline)[]
  isVoid: boolean
}
export interface DocumentFragment {
  object: 'fragment'
  key: string
  fragment: string
  nodes: DocumentBlock[]
}
export interface DocumentBlock {
  object: 'block'
  type: string
  key: string
  data: Record<string, unknown>
  nodes?: (DocumentBlock | DocumentInline | DocumentText)[]
  fragments?: DocumentFragment[]
  meta?: { id: string }
  isVoid: boolean
}
export interface JsonDocument {
  object: 'document'
  data: Record<string, never>
  nodes: DocumentBlock[]
}

export interface DocumentOptions {
  /**
   * Where a link or image points, as a content reference; undefined falls back to the default:
   * `/pages/<id>` is a page, `/pages/<id>#a` and `#a` anchors, `/files/<id>` a file, anything else
   * a URL as written. Images only take `url` and `file` references (others become URLs).
   */
  resolveLink?(url: string, kind: 'link' | 'image'): DocumentRef | undefined
  /** Whether `/files/<id>` names a file of the revision; a file it rejects stays a URL. */
  resolveFile?(fileId: string): boolean
}

/** Block types each container admits (GitBook's schema); other blocks are flattened to fit. */
type Container = 'top' | 'item' | 'quote' | 'hint'

const ESSENTIALS = ['paragraph', 'heading', 'list', 'divider']
const ADMITS: Record<Container, Set<string>> = {
  top: new Set([...ESSENTIALS, 'blockquote', 'hint', 'images', 'code', 'table']),
  item: new Set([...ESSENTIALS, 'blockquote', 'hint', 'code', 'table']),
  quote: new Set([...ESSENTIALS, 'blockquote']),
  hint: new Set([...ESSENTIALS, 'table']),
}

const HEADING_ID = /^[-a-z0-9.+_]+$/

/**
 * Converts a page body to GitBook's JSON document: paragraphs (bold, italic, code, strikethrough
 * marks), links, headings 1-3 (deeper ones are level 3) with anchor ids, ordered/unordered/task
 * lists, code blocks (`code-line`s, `syntax`, `title="..."` from the info string), blockquotes,
 * GitBook `{% hint style="..." %}` blocks written at the top level, images (a paragraph of images
 * only is an `images` block, other images are inline), tables and dividers. Raw HTML stays text.
 *
 * Keys are `k1`, `k2`, ... as the converter goes: the same markdown always gives the same document.
 * `parsed` is `parseMarkdown(markdown)` when the caller has it already (the tree is only read).
 *
 * Documents of stored pages are converted once and stored (document_json.ts): a change to what
 * this function answers must raise DOCUMENT_JSON_VERSION there.
 */
export function markdownToDocument(
  markdown: string,
  options: DocumentOptions = {},
  parsed: Root = parseMarkdown(markdown)
): JsonDocument {
  const converter = new Converter(options)
  return {
    object: 'document',
    data: {},
    nodes: converter.blocks(parsed, markdown, 'top'),
  }
}

class Converter {
  #count = 0
  #anchor = createAnchorGenerator()
  #definitions = new Map<string, Definition>()

  constructor(private options: DocumentOptions) {}

  key(): string {
    this.#count += 1
    return `k${this.#count.toString(36)}`
  }

  /** The blocks of a parsed source; GitBook hints are only recognized among top-level blocks. */
  blocks(tree: Root, source: string, container: Container): DocumentBlock[] {
    visit(tree, (node) => {
      if (node.type === 'definition' && !this.#definitions.has(node.identifier)) {
        this.#definitions.set(node.identifier, node)
      }
    })
    const children = tree.children
    const hints = container === 'top' ? topLevelHints(children, source) : []
    const embedded = container === 'top' ? topLevelEmbeddedBlocks(children, source) : []
    const blocks: DocumentBlock[] = []
    for (let i = 0, h = 0, e = 0; i < children.length; i++) {
      while (hints[h] && hints[h].first < i) h += 1
      while (embedded[e] && embedded[e].first < i) e += 1
      const hint = hints[h]
      if (hint?.first === i) {
        blocks.push(this.hint(hint))
        i = hint.last
        h += 1
        continue
      }
      const block = embedded[e]
      if (block?.first === i) {
        blocks.push(this.embedded(block.ref))
        i = block.last
        e += 1
        continue
      }
      blocks.push(...this.block(children[i], container))
    }
    return blocks
  }

  /** GitBook's `openapi-operation` block (DocumentBlockOpenAPIOperation): a void block. */
  embedded(ref: EmbeddedBlockRef): DocumentBlock {
    return {
      object: 'block',
      type: ref.type,
      key: this.key(),
      data: { ref: { kind: 'openapi', spec: ref.spec }, path: ref.path, method: ref.method },
      isVoid: true,
    }
  }

  /** A hint's text is parsed as its own markdown. */
  hint({ style, inner }: TopLevelHint): DocumentBlock {
    const nodes = this.blocks(parseMarkdown(inner), inner, 'hint')
    return {
      object: 'block',
      type: 'hint',
      key: this.key(),
      data: { style },
      nodes: nodes.length > 0 ? nodes : [this.paragraph([])],
      isVoid: false,
    }
  }

  children(nodes: RootContent[] | Nodes[], container: Container): DocumentBlock[] {
    return (nodes as Nodes[]).flatMap((node) => this.block(node, container))
  }

  block(node: Nodes, container: Container): DocumentBlock[] {
    const admits = ADMITS[container]
    switch (node.type) {
      case 'paragraph':
        return [this.paragraphOf(node, container)]
      case 'heading':
        return [this.heading(node)]
      case 'list':
        return [this.list(node)]
      case 'thematicBreak':
        return [{ object: 'block', type: 'divider', key: this.key(), data: {}, isVoid: true }]
      case 'blockquote': {
        if (!admits.has('blockquote')) return this.children(node.children, container)
        const nodes = this.children(node.children, 'quote')
        return [
          {
            object: 'block',
            type: 'blockquote',
            key: this.key(),
            data: {},
            nodes: nodes.length > 0 ? nodes : [this.paragraph([])],
            isVoid: false,
          },
        ]
      }
      case 'code':
        return admits.has('code')
          ? [this.code(node)]
          : [this.paragraph([leaf(node.value, [mark('code')])])]
      case 'table':
        return admits.has('table') ? [this.table(node)] : this.tableAsParagraphs(node)
      case 'html':
        return node.value.trim() === '' ? [] : [this.paragraph([leaf(node.value, [])])]
      case 'footnoteDefinition':
        return this.children(node.children, container)
      case 'definition':
        return []
      default:
        return 'children' in node ? this.children(node.children as Nodes[], container) : []
    }
  }

  paragraph(pieces: Piece[]): DocumentBlock {
    return {
      object: 'block',
      type: 'paragraph',
      key: this.key(),
      data: {},
      nodes: this.group(pieces),
      isVoid: false,
    }
  }

  paragraphOf(node: Paragraph, container: Container): DocumentBlock {
    const images = node.children.filter(
      (child) => child.type !== 'text' || child.value.trim() !== ''
    )
    if (
      container === 'top' &&
      images.length > 0 &&
      images.every((child) => child.type === 'image' || child.type === 'imageReference')
    ) {
      return {
        object: 'block',
        type: 'images',
        key: this.key(),
        data: {},
        nodes: images.map((image) => this.imageBlock(image)),
        isVoid: false,
      }
    }
    return this.paragraph(this.pieces(node.children, []))
  }

  imageBlock(node: PhrasingContent): DocumentBlock {
    const { url, title, alt } = this.imageOf(node)
    const fragments: DocumentFragment[] = []
    if (title) {
      fragments.push({
        object: 'fragment',
        key: this.key(),
        fragment: 'caption',
        nodes: [this.paragraph([leaf(title, [])])],
      })
    }
    return {
      object: 'block',
      type: 'image',
      key: this.key(),
      data: { ref: this.imageRef(url), ...(alt ? { alt } : {}) },
      fragments,
      isVoid: true,
    }
  }

  imageOf(node: PhrasingContent): { url: string; title?: string; alt?: string } {
    if (node.type === 'image')
      return { url: node.url, title: node.title ?? undefined, alt: node.alt ?? undefined }
    if (node.type === 'imageReference') {
      const definition = this.#definitions.get(node.identifier)
      return {
        url: definition?.url ?? '',
        title: definition?.title ?? undefined,
        alt: node.alt ?? undefined,
      }
    }
    return { url: '' }
  }

  heading(node: Heading): DocumentBlock {
    const id = this.#anchor(headingText(node))
    return {
      object: 'block',
      type: `heading-${Math.min(node.depth, 3)}`,
      key: this.key(),
      data: HEADING_ID.test(id) ? { id } : {},
      meta: { id },
      nodes: this.group(this.pieces(node.children, [])),
      isVoid: false,
    }
  }

  list(node: List): DocumentBlock {
    const tasks = node.children.some((item) => typeof item.checked === 'boolean')
    const type = tasks ? 'list-tasks' : node.ordered ? 'list-ordered' : 'list-unordered'
    const data =
      type === 'list-ordered' && typeof node.start === 'number' && node.start !== 1
        ? { start: node.start }
        : {}
    return {
      object: 'block',
      type,
      key: this.key(),
      data,
      nodes: node.children.map((item) => {
        const nodes = this.children(item.children, 'item')
        return {
          object: 'block',
          type: 'list-item',
          key: this.key(),
          data: tasks ? { checked: item.checked === true } : {},
          nodes: nodes.length > 0 ? nodes : [this.paragraph([])],
          isVoid: false,
        } satisfies DocumentBlock
      }),
      isVoid: false,
    }
  }

  code(node: Code): DocumentBlock {
    const title = node.meta ? /(?:^|\s)title\s*=\s*"([^"]*)"/.exec(node.meta)?.[1] : undefined
    return {
      object: 'block',
      type: 'code',
      key: this.key(),
      data: { ...(node.lang ? { syntax: node.lang } : {}), ...(title ? { title } : {}) },
      nodes: node.value.split(/\r\n|\n|\r/).map((line) => ({
        object: 'block',
        type: 'code-line',
        key: this.key(),
        data: {},
        nodes: [{ object: 'text', key: this.key(), leaves: [leaf(line, [])] }],
        isVoid: false,
      })),
      isVoid: false,
    }
  }

  /**
   * A GitBook table: the header row names the text columns, each other row is a record whose cells
   * are fragments (a paragraph each) named by the record's values.
   */
  table(node: Table): DocumentBlock {
    const [header, ...rows] = node.children
    const width = Math.max(...node.children.map((row) => row.children.length))
    const columns = Array.from({ length: width }, () => this.key())
    const definition: Record<string, unknown> = {}
    columns.forEach((id, index) => {
      const cell = header?.children[index]
      definition[id] = {
        id,
        type: 'text',
        title: cell ? toString(cell).trim() : '',
        textAlignment: node.align?.[index] ?? 'left',
      }
    })
    const records: Record<string, unknown> = {}
    const fragments: DocumentFragment[] = []
    rows.forEach((row, rowIndex) => {
      const values: Record<string, string> = {}
      columns.forEach((column, index) => {
        const fragment = this.key()
        values[column] = fragment
        fragments.push({
          object: 'fragment',
          key: this.key(),
          fragment,
          nodes: [this.paragraph(this.pieces(row.children[index]?.children ?? [], []))],
        })
      })
      records[this.key()] = { orderIndex: `a${rowIndex.toString(36).padStart(6, '0')}`, values }
    })
    return {
      object: 'block',
      type: 'table',
      key: this.key(),
      data: { view: { type: 'grid', columns, hideHeader: false }, records, definition },
      fragments,
      isVoid: true,
    }
  }

  /** Where a table cannot go (quotes, hints in quotes): one paragraph per row, cells ` | `-separated. */
  tableAsParagraphs(node: Table): DocumentBlock[] {
    return node.children.map((row) =>
      this.paragraph(
        row.children.flatMap((cell, index) => [
          ...(index > 0 ? [leaf(' | ', [])] : []),
          ...this.pieces(cell.children, []),
        ])
      )
    )
  }

  /** Inline content flattened to leaves (text with marks) and inline nodes (links, images). */
  pieces(nodes: PhrasingContent[], marks: DocumentMark[]): Piece[] {
    return nodes.flatMap((node): Piece[] => {
      switch (node.type) {
        case 'text':
          return [leaf(node.value.replace(/\r\n?/g, '\n'), marks)]
        case 'strong':
          return this.pieces(node.children, withMark(marks, 'bold'))
        case 'emphasis':
          return this.pieces(node.children, withMark(marks, 'italic'))
        case 'delete':
          return this.pieces(node.children, withMark(marks, 'strikethrough'))
        case 'inlineCode':
          return [leaf(node.value, withMark(marks, 'code'))]
        case 'break':
          return [leaf('\n', marks)]
        case 'html':
          return [leaf(node.value.replace(/\r\n?/g, '\n'), marks)]
        case 'link':
          return [this.link(node.url, node.children, marks)]
        case 'linkReference':
          return [
            this.link(this.#definitions.get(node.identifier)?.url ?? '', node.children, marks),
          ]
        case 'image':
        case 'imageReference':
          return [this.inlineImage(node)]
        case 'footnoteReference':
          return [leaf(`[^${node.label ?? node.identifier}]`, marks)]
        default:
          return [leaf(toString(node), marks)]
      }
    })
  }

  link(url: string, children: PhrasingContent[], marks: DocumentMark[]): DocumentInline {
    const pieces = this.pieces(children, marks)
    return {
      object: 'inline',
      type: 'link',
      key: this.key(),
      data: { ref: this.linkRef(url) },
      nodes: this.group(pieces.length > 0 ? pieces : [leaf(url, marks)]),
      isVoid: false,
    }
  }

  inlineImage(node: PhrasingContent): DocumentInline {
    const { url, title, alt } = this.imageOf(node)
    return {
      object: 'inline',
      type: 'inline-image',
      key: this.key(),
      data: {
        ref: this.imageRef(url),
        ...(alt ? { alt } : {}),
        ...(title ? { caption: title } : {}),
      },
      isVoid: true,
    }
  }

  linkRef(url: string): DocumentRef {
    const custom = this.options.resolveLink?.(url, 'link')
    if (custom) return custom
    const target = classifyTarget(url)
    switch (target.type) {
      case 'page':
        return target.anchor
          ? { kind: 'anchor', anchor: target.anchor, page: target.pageId }
          : { kind: 'page', page: target.pageId }
      case 'anchor':
        return { kind: 'anchor', anchor: target.anchor }
      case 'file':
        return this.fileRef(target.fileId, url)
      default:
        return { kind: 'url', url }
    }
  }

  imageRef(url: string): { kind: 'url'; url: string } | { kind: 'file'; file: string } {
    const custom = this.options.resolveLink?.(url, 'image')
    if (custom?.kind === 'url' || custom?.kind === 'file') return custom
    const target = classifyTarget(url)
    if (target.type === 'file') return this.fileRef(target.fileId, url)
    return { kind: 'url', url }
  }

  fileRef(
    fileId: string,
    url: string
  ): { kind: 'url'; url: string } | { kind: 'file'; file: string } {
    if (this.options.resolveFile && !this.options.resolveFile(fileId)) return { kind: 'url', url }
    return { kind: 'file', file: fileId }
  }

  /**
   * Consecutive leaves become one text node (same-mark neighbours merged); never empty, and text
   * nodes on both sides of every inline.
   */
  group(pieces: Piece[]): (DocumentText | DocumentInline)[] {
    const nodes: (DocumentText | DocumentInline)[] = []
    let text: DocumentText | undefined
    for (const piece of pieces) {
      if (piece.object === 'inline') {
        // Slate's normal form, as GitBook's documents have it: a text node between two inlines.
        if (nodes.length > 0 && nodes[nodes.length - 1].object === 'inline') {
          nodes.push({ object: 'text', key: this.key(), leaves: [leaf('', [])] })
        }
        nodes.push(piece)
        text = undefined
        continue
      }
      if (!text) {
        text = { object: 'text', key: this.key(), leaves: [] }
        nodes.push(text)
      }
      const previous = text.leaves[text.leaves.length - 1]
      if (previous && sameMarks(previous.marks, piece.marks)) previous.text += piece.text
      else text.leaves.push(piece)
    }
    if (nodes.length === 0 || nodes[nodes.length - 1].object === 'inline') {
      nodes.push({ object: 'text', key: this.key(), leaves: [leaf('', [])] })
    }
    if (nodes[0].object === 'inline')
      nodes.unshift({ object: 'text', key: this.key(), leaves: [leaf('', [])] })
    return nodes
  }
}

type Piece = DocumentLeaf | DocumentInline

function leaf(text: string, marks: DocumentMark[]): DocumentLeaf {
  return { object: 'leaf', text, marks: marks.map((m) => ({ ...m })) }
}

function mark(type: DocumentMark['type']): DocumentMark {
  return { object: 'mark', type }
}

function withMark(marks: DocumentMark[], type: DocumentMark['type']): DocumentMark[] {
  return marks.some((m) => m.type === type) ? marks : [...marks, mark(type)]
}

function sameMarks(a: DocumentMark[], b: DocumentMark[]): boolean {
  return a.length === b.length && a.every((m) => b.some((n) => n.type === m.type))
}
