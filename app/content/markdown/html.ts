import { toHast, defaultHandlers, type Handlers, type State } from 'mdast-util-to-hast'
import { sanitize, defaultSchema, type Schema } from 'hast-util-sanitize'
import { toHtml } from 'hast-util-to-html'
import { createLowlight, common } from 'lowlight'
import { toString } from 'mdast-util-to-string'
import type { Element, ElementContent } from 'hast'
import type {
  Code,
  Definition,
  Heading,
  List,
  ListItem,
  Nodes,
  Paragraph,
  Parents,
  Root,
  RootContent,
} from 'mdast'
import { parseMarkdown, visit } from '#content/markdown/parse'
import { createAnchorGenerator, headingText } from '#content/markdown/headings'
import { classifyTarget } from '#content/markdown/links'
import { topLevelHints } from '#content/markdown/hints'
import { topLevelEmbeddedBlocks } from '#content/markdown/embedded_blocks'
import type { EmbeddedBlockRef, PreparedBlocks } from '#content/contracts/embedded_blocks'
import { BLOCK_TAG_LINE } from '#content/markdown/plain_text'

export interface RenderedHeading {
  id: string
  title: string
  depth: number
}

export interface HtmlRenderOptions {
  /** Path of the page (slash-joined slugs) and whether it has children: for classifyTarget's relative links. */
  pagePath?: string
  pageHasChildren?: boolean
  /**
   * URL for a link to another page of the same space (by id or by path, with optional anchor);
   * undefined = leave the link as plain text. The renderer appends `#anchor` unless the URL
   * returned already has a fragment.
   */
  pageUrl?(target: { pageId?: string; path?: string; anchor?: string }): string | undefined
  /**
   * URL for a file of the revision (images and `/files/<id>` links; a relative image passes its
   * path as written); undefined = drop the image (its alt text stays) / the link (its text stays).
   */
  fileUrl?(fileId: string): string | undefined
  /**
   * What the page's embedded blocks (`{% openapi-operation %}`) show, loaded beforehand
   * (EmbeddedBlocks.prepare); without it, or for a block it cannot render, a placeholder naming
   * the operation.
   */
  embedded?: PreparedBlocks
}

export interface RenderedHtml {
  html: string
  headings: RenderedHeading[]
}

/** Containers nested deeper than this are flattened: every library below recurses on depth. */
const MAX_DEPTH = 64
/** Code longer than this is shown without highlighting, and highlighting stops after the total. */
const MAX_HIGHLIGHTED_BLOCK = 20_000
const MAX_HIGHLIGHTED_TOTAL = 200_000

/** Nodes that only wrap others: what flattening removes (their content stays, in order). */
const WRAPPERS = new Set([
  'blockquote',
  'list',
  'listItem',
  'footnoteDefinition',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'table',
  'tableRow',
  'tableCell',
])

const lowlight = createLowlight(common)

/**
 * GitHub's schema, widened only for what the renderer itself writes: heading ids kept as they are
 * (they must equal the anchors links are checked against, so no `user-content-` prefix), hint
 * boxes, code captions and highlighting classes, `rel` on external links, lazy images and the
 * headings' anchor links.
 */
const SCHEMA: Schema = {
  ...defaultSchema,
  clobber: [],
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    a: [
      ...defaultSchema.attributes!.a.filter((rule) => rule[0] !== 'className'),
      ['className', 'data-footnote-backref', 'anchor'],
      ['rel', 'noopener', 'noreferrer'],
    ],
    code: [['className', /^language-./, 'hljs']],
    div: [
      ...defaultSchema.attributes!.div,
      [
        'className',
        'hint',
        /^hint-(info|warning|danger|success)$/,
        'code-block',
        'code-title',
        /^openapi-[a-z0-9-]+$/,
      ],
      ['role', 'note'],
    ],
    img: [...defaultSchema.attributes!.img, ['loading', 'lazy']],
    // highlight.js scopes: `hljs-title` and its sub-scopes (`class_`, `function_`).
    span: [['className', /^hljs-/, /^[a-z][a-z-]*_+$/, /^openapi-[a-z0-9-]+$/]],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
}

/**
 * The one markdown-to-HTML renderer (published sites, console previews): CommonMark + GFM,
 * headings with the anchor ids of headingAnchors, links resolved through the options, GitBook
 * hints at top level, highlighted code, and the result sanitized. Raw HTML in the markdown is
 * dropped (its tags, not the markdown between them). Pure, synchronous and deterministic.
 */
export function renderMarkdownHtml(
  markdown: string,
  options: HtmlRenderOptions = {}
): RenderedHtml {
  let tree: Root
  try {
    tree = parseMarkdown(markdown)
  } catch (error) {
    // The parser's own transforms recurse on nesting depth (thousands of `>`): such a page is
    // shown as its text.
    if (!(error instanceof RangeError)) throw error
    return sourceAsHtml(markdown)
  }
  insertHints(tree, markdown)
  insertEmbedded(tree, markdown, options.embedded)
  flattenDeep(tree, 0)
  const headings = new Preparer(tree, options).run()
  const hast = toHast(tree, { handlers: handlers(), clobberPrefix: 'user-content-' })
  return { html: toHtml(sanitize(hast, SCHEMA)), headings }
}

/** The page link, file and embedded-block questions a render asks its options (see renderAnswers). */
export interface RenderQuestions {
  pages: Array<{ pageId?: string; path?: string; anchor?: string }>
  files: string[]
  blocks: EmbeddedBlockRef[]
}

/** The options' answers to a render's questions, as plain data (by questionKey); null = undefined. */
export interface RenderAnswers {
  pages: Array<[string, string | null]>
  files: Array<[string, string | null]>
  blocks: Array<[string, ElementContent | null]>
  /** The answering PreparedBlocks' key. */
  embeddedKey: string
}

export function questionKey(question: unknown): string {
  return JSON.stringify(question)
}

/**
 * What rendering `markdown` asks its options, found by rendering it with options that record the
 * questions and answer none: the answers never change which questions are asked (each link, image
 * and block is asked about on its own). With renderWithAnswers, this lets the render run where the
 * options cannot go (a worker thread): the questions come back as data, the caller answers them.
 */
export function renderQuestions(
  markdown: string,
  options: Pick<HtmlRenderOptions, 'pagePath' | 'pageHasChildren'>
): RenderQuestions {
  const questions: RenderQuestions = { pages: [], files: [], blocks: [] }
  renderMarkdownHtml(markdown, {
    ...options,
    pageUrl: (target) => void questions.pages.push({ ...target }),
    fileUrl: (fileId) => void questions.files.push(fileId),
    embedded: { key: '', render: (block) => void questions.blocks.push({ ...block }) },
  })
  return questions
}

/** The options' answers to `questions`, as plain data. */
export function answerQuestions(
  questions: RenderQuestions,
  options: HtmlRenderOptions
): RenderAnswers {
  const embedded = options.embedded
  return {
    pages: questions.pages.map((q) => [questionKey(q), options.pageUrl?.(q) ?? null]),
    files: questions.files.map((q) => [questionKey(q), options.fileUrl?.(q) ?? null]),
    blocks: questions.blocks.map((q) => [questionKey(q), embedded?.render(q) ?? null]),
    embeddedKey: embedded?.key ?? '',
  }
}

/** renderMarkdownHtml with options that give the recorded answers (answerQuestions). */
export function renderWithAnswers(
  markdown: string,
  options: Pick<HtmlRenderOptions, 'pagePath' | 'pageHasChildren'>,
  answers: RenderAnswers
): RenderedHtml {
  const pages = new Map(answers.pages)
  const files = new Map(answers.files)
  const blocks = new Map(answers.blocks)
  return renderMarkdownHtml(markdown, {
    ...options,
    pageUrl: (target) => pages.get(questionKey(target)) ?? undefined,
    fileUrl: (fileId) => files.get(questionKey(fileId)) ?? undefined,
    embedded: {
      key: answers.embeddedKey,
      render: (block) => blocks.get(questionKey(block)) ?? undefined,
    },
  })
}

/** A page shown as its text, in a `pre`: what cannot be rendered. */
export function sourceAsHtml(markdown: string): RenderedHtml {
  return {
    html: toHtml({
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [{ type: 'text', value: markdown }],
    }),
    headings: [],
  }
}

/** Top-level hints become `div.hint` boxes holding their own parsed markdown. */
function insertHints(tree: Root, source: string) {
  const hints = topLevelHints(tree.children, source)
  for (const hint of hints.reverse()) {
    const box: RootContent = {
      type: 'blockquote',
      data: {
        hName: 'div',
        hProperties: { className: ['hint', `hint-${hint.style}`], role: 'note' },
      },
      children: parseMarkdown(hint.inner).children as any,
    }
    tree.children.splice(hint.first, hint.last - hint.first + 1, box)
  }
}

/**
 * Top-level embedded blocks become what `prepared` renders for them (hast, sanitized with the
 * rest), or a placeholder paragraph naming the operation.
 */
function insertEmbedded(tree: Root, source: string, prepared: PreparedBlocks | undefined) {
  const blocks = topLevelEmbeddedBlocks(tree.children, source)
  for (const block of blocks.reverse()) {
    const rendered = prepared?.render(block.ref)
    const node = rendered
      ? ({ type: 'embeddedBlock', data: { hast: rendered } } as unknown as RootContent)
      : placeholder(block.ref)
    tree.children.splice(block.first, block.last - block.first + 1, node)
  }
}

function placeholder(ref: EmbeddedBlockRef): RootContent {
  return {
    type: 'paragraph',
    data: { hName: 'div', hProperties: { className: ['openapi-missing'] } },
    children: [
      { type: 'inlineCode', value: `${ref.method.toUpperCase()} ${ref.path}` },
      {
        type: 'text',
        value: ` (operation of the OpenAPI specification "${ref.spec}", not available)`,
      },
    ],
  }
}

/**
 * Replaces wrappers below MAX_DEPTH by their children, on the way down, so that the recursion
 * here and in the libraries after it stays shallow whatever the nesting of the source.
 */
function flattenDeep(parent: Parents, depth: number) {
  if (depth >= MAX_DEPTH) {
    const kept: Nodes[] = []
    const pending = [...parent.children].reverse() as Nodes[]
    while (pending.length > 0) {
      const child = pending.pop()!
      if (WRAPPERS.has(child.type) && 'children' in child) {
        for (let i = child.children.length - 1; i >= 0; i--) pending.push(child.children[i])
      } else {
        kept.push(child)
      }
    }
    parent.children = kept as any
  }
  for (const child of parent.children) {
    if ('children' in child) flattenDeep(child, depth + 1)
  }
}

/**
 * One pass over the tree in document order: heading ids (the same generator and order as
 * headingAnchors), references resolved to their definitions, links and images resolved or turned
 * to text, stray GitBook block tags removed.
 */
class Preparer {
  #anchor = createAnchorGenerator()
  #headings: RenderedHeading[] = []
  #definitions = new Map<string, Definition>()

  constructor(
    private tree: Root,
    private options: HtmlRenderOptions
  ) {}

  run(): RenderedHeading[] {
    visit(this.tree, (node) => {
      // CommonMark: the first definition of a label wins.
      if (node.type === 'definition' && !this.#definitions.has(node.identifier))
        this.#definitions.set(node.identifier, node)
    })
    this.children(this.tree)
    return this.#headings
  }

  children(parent: Parents) {
    parent.children = (parent.children as Nodes[]).flatMap((child) => this.node(child)) as any
  }

  /** What stands for a node, its content done: itself (possibly changed), or other nodes. */
  node(node: Nodes): Nodes[] {
    switch (node.type) {
      case 'heading':
        this.heading(node)
        this.children(node)
        return [node]
      case 'paragraph':
        this.children(node)
        return withoutBlockTags(node)
      case 'linkReference': {
        const definition = this.#definitions.get(node.identifier)
        this.children(node)
        if (!definition) return [node]
        const { url, title } = definition
        return this.link({ type: 'link', url, title, children: node.children })
      }
      case 'link':
        this.children(node)
        return this.link(node)
      case 'imageReference': {
        const definition = this.#definitions.get(node.identifier)
        if (!definition) return [node]
        return this.image({ url: definition.url, title: definition.title, alt: node.alt })
      }
      case 'image':
        return this.image(node)
      default:
        if ('children' in node) this.children(node)
        return [node]
    }
  }

  heading(node: Heading) {
    const title = headingText(node)
    const id = this.#anchor(title)
    this.#headings.push({ id, title, depth: node.depth })
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
  }

  link(node: Extract<Nodes, { type: 'link' }>): Nodes[] {
    const resolved = this.href(node.url)
    if (!resolved) return node.children
    node.url = resolved.href
    if (resolved.external)
      node.data = { ...node.data, hProperties: { rel: ['noopener', 'noreferrer'] } }
    return [node]
  }

  image(node: { url: string; title?: string | null; alt?: string | null }): Nodes[] {
    const src = this.src(node.url)
    if (src === undefined) return node.alt ? [{ type: 'text', value: node.alt }] : []
    return [
      {
        type: 'image',
        url: src,
        title: node.title,
        alt: node.alt,
        data: { hProperties: { loading: 'lazy' } },
      },
    ]
  }

  /** Where a link goes, or undefined when it must not be a link. */
  href(url: string): { href: string; external?: boolean } | undefined {
    const { pagePath, pageHasChildren, pageUrl, fileUrl } = this.options
    const target = classifyTarget(url, { pagePath, pageHasChildren })
    const href = (value: string | undefined) => (value === undefined ? undefined : { href: value })
    switch (target.type) {
      case 'page':
        return href(
          withAnchor(pageUrl?.({ pageId: target.pageId, anchor: target.anchor }), target.anchor)
        )
      case 'page-path':
        return href(
          withAnchor(pageUrl?.({ path: target.path, anchor: target.anchor }), target.anchor)
        )
      case 'file':
        return href(fileUrl?.(target.fileId))
      case 'anchor':
        return { href: `#${encodeURIComponent(target.anchor)}` }
      case 'url':
        return { href: url.trim(), external: true }
      default:
        return /^(mailto|tel):/i.test(url.trim()) ? { href: url.trim() } : undefined
    }
  }

  /** Where an image is read from: a file of the revision or an http(s) URL; else undefined. */
  src(url: string): string | undefined {
    const target = classifyTarget(url)
    if (target.type === 'file') return this.options.fileUrl?.(target.fileId)
    if (target.type === 'url') return url.trim()
    const trimmed = url.trim()
    const relative =
      trimmed !== '' && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(trimmed) && !/^[/#\\]/.test(trimmed)
    return relative ? this.options.fileUrl?.(trimmed) : undefined
  }
}

function withAnchor(url: string | undefined, anchor: string | undefined): string | undefined {
  if (url === undefined || !anchor || url.includes('#')) return url
  return `${url}#${encodeURIComponent(anchor)}`
}

const BLOCK_TAG = new RegExp(BLOCK_TAG_LINE.source)

type Phrasing = Paragraph['children'][number]
/** A paragraph's content by line: its inline nodes and text pieces, and what ends the line. */
interface Line {
  parts: Phrasing[]
  end?: Phrasing
}

/**
 * A paragraph without its GitBook block-tag lines (`{% tabs %}`, `{% embed url="..." %}`, a hint
 * left unclosed...): a line goes when its text is a tag. Nothing when only tags were left.
 */
function withoutBlockTags(node: Paragraph): Nodes[] {
  if (!node.children.some((child) => child.type === 'text' && child.value.includes('{%')))
    return [node]
  const lines = linesOf(node.children).filter(
    (line) => !BLOCK_TAG.test(line.parts.map((part) => toString(part)).join(''))
  )
  if (lines.length === 0) return []
  const last = lines[lines.length - 1]
  if (last.end?.type === 'text') last.end = undefined
  node.children = mergeText(
    lines.flatMap((line) => (line.end ? [...line.parts, line.end] : line.parts))
  )
  return [node]
}

function linesOf(children: Phrasing[]): Line[] {
  const lines: Line[] = [{ parts: [] }]
  const current = () => lines[lines.length - 1]
  for (const child of children) {
    if (child.type === 'break') {
      current().end = child
      lines.push({ parts: [] })
    } else if (child.type === 'text') {
      child.value.split('\n').forEach((piece, index) => {
        if (index > 0) {
          current().end = { type: 'text', value: '\n' }
          lines.push({ parts: [] })
        }
        if (piece !== '') current().parts.push({ type: 'text', value: piece })
      })
    } else {
      current().parts.push(child)
    }
  }
  return lines
}

function mergeText(parts: Phrasing[]): Phrasing[] {
  const merged: Phrasing[] = []
  for (const part of parts) {
    const previous = merged[merged.length - 1]
    if (part.type === 'text' && previous?.type === 'text') previous.value += part.value
    else merged.push(part)
  }
  return merged
}

/** mdast-util-to-hast's rule: a list is loose when it or one of its items is spread. */
function isLoose(list: List): boolean {
  return (
    list.spread === true || list.children.some((item) => item.spread ?? item.children.length > 1)
  )
}

/** Code blocks highlighted (within the bounds) and captioned; headings with an anchor link. */
function handlers(): Handlers {
  let highlighted = 0
  const loose = new Map<Parents, boolean>()
  return {
    // Embedded blocks arrive rendered (see insertEmbedded); not an mdast type, hence the cast.
    ...({
      embeddedBlock: (_state: State, node: { data: { hast: ElementContent } }) => node.data.hast,
    } as Handlers),
    // The library works out the list's looseness again for each item: quadratic on long lists.
    listItem(state: State, node: ListItem, parent: Parents | undefined) {
      if (parent?.type !== 'list') return defaultHandlers.listItem(state, node, parent)
      if (!loose.has(parent)) loose.set(parent, isLoose(parent))
      const list: List = { type: 'list', spread: loose.get(parent), children: [] }
      return defaultHandlers.listItem(state, node, list)
    },
    heading(state: State, node: Heading) {
      const element = defaultHandlers.heading(state, node)
      const id = node.data?.hProperties?.id
      if (typeof id === 'string') {
        element.children.push({
          type: 'element',
          tagName: 'a',
          properties: {
            className: ['anchor'],
            href: `#${id}`,
            ariaLabel: `Link to this section: ${headingText(node)}`,
          },
          children: [{ type: 'text', value: '#' }],
        })
      }
      return element
    },
    code(state: State, node: Code) {
      const pre = defaultHandlers.code(state, node)
      const code = pre.children[0] as Element
      const language = node.lang?.split(/\s+/)[0]
      const value = node.value ? `${node.value}\n` : ''
      if (
        language &&
        lowlight.registered(language) &&
        value.length <= MAX_HIGHLIGHTED_BLOCK &&
        highlighted + value.length <= MAX_HIGHLIGHTED_TOTAL
      ) {
        highlighted += value.length
        code.children = lowlight.highlight(language, value).children as ElementContent[]
        code.properties.className = [...((code.properties.className as string[]) ?? []), 'hljs']
      }
      const title = node.meta ? /(?:^|\s)title\s*=\s*"([^"]*)"/.exec(node.meta)?.[1] : undefined
      if (!title) return pre
      return {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'] },
        children: [
          {
            type: 'element',
            tagName: 'div',
            properties: { className: ['code-title'] },
            children: [{ type: 'text', value: title }],
          },
          pre,
        ],
      }
    },
  }
}
