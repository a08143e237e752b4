import { InvalidPageSourceError } from '#content/markdown/front_matter'

/**
 * GitBook JSON document → markdown, the inverse of `markdownToDocument` (document.ts) for the
 * shapes markdown can express: authoring batches accept `{"document": {...}}` and Bindery stores
 * markdown.
 *
 * - Paragraphs; text leaves with bold, italic, code and strikethrough marks (other marks keep their
 *   text); text is escaped so it reads back as the same text.
 * - Links (`inline` `link`, `data.ref`): `url` as written, `page` as `/pages/<id>`, `anchor` as
 *   `/pages/<id>#a` or `#a`, `file` as `/files/<id>`; other refs keep their text only.
 * - Headings 1-3, ordered (with `start`), unordered and task lists (nested), code blocks (`syntax`,
 *   `title`), blockquotes, dividers, hints (`{% hint style="..." %}` ... `{% endhint %}` at the top
 *   level as document.ts reads them; a hint nested in a list or quote keeps its blocks only),
 *   images (`images`/`image` blocks and inline images: file or url ref, alt, caption), tables (GFM
 *   pipe tables when every cell is one paragraph, else one paragraph per row, cells ` | `-joined).
 * - Other GitBook blocks and inlines (embeds, files, content refs, expandables, tabs, math, emoji,
 *   ...): what they link to and their text, as paragraphs. Nothing that carries text is dropped.
 *
 * Not carried over (markdown has no place for them here): custom heading ids, code block line
 * numbers/overflow, colors, table column types beyond text/number/checkbox. Bare URLs and e-mail
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
  if (depthOf(document) > MAX_DEPTH)
    throw invalid('document', `nests deeper than ${MAX_DEPTH} levels`)
  const writer = new Writer()
  const blocks = document.nodes.map((node, i) => writer.block(node, `document.nodes[${i}]`, 'top'))
  const body = joinBlocks(blocks)
  return body === '' ? '' : body + '\n'
}

type Json = Record<string, unknown>
type Context = 'top' | 'nested'

/** A rendered block: its markdown lines, and what kind of list it is (adjacent lists must differ). */
interface Rendered {
  text: string
  list?: 'bullet' | 'ordered'
  /** Its list marker, chosen by joinBlocks. */
  relist?: (marker: string) => string
}

/** JSON nesting a document may have (the converter recurses; GitBook's own documents stay far below). */
const MAX_DEPTH = 256
const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success'])
const RENDERED_MARKS = ['strikethrough', 'bold', 'italic'] as const
const MARK_DELIMITERS: Record<(typeof RENDERED_MARKS)[number], string> = {
  bold: '**',
  italic: '*',
  strikethrough: '~~',
}

/** Nesting depth of a JSON value, without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (typeof current !== 'object' || current === null) continue
    if (depth > deepest) deepest = depth
    if (deepest > MAX_DEPTH) return deepest
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return deepest
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalid(path: string, problem: string): InvalidPageSourceError {
  return new InvalidPageSourceError(`the JSON document is invalid: ${path} ${problem}`)
}

/** Blocks separated by blank lines; adjacent lists of the same kind alternate markers so they stay two lists. */
function joinBlocks(blocks: Rendered[]): string {
  const out: string[] = []
  let previous: Rendered | undefined
  let flip = false
  for (const block of blocks) {
    if (block.text === '' && !block.list) continue
    let text = block.text
    if (block.list && block.relist) {
      flip = previous?.list === block.list ? !flip : false
      text = block.relist(block.list === 'bullet' ? (flip ? '*' : '-') : flip ? ')' : '.')
    }
    out.push(text)
    previous = block
  }
  return out.join('\n\n')
}

function indent(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, i) => {
      const prefix = i === 0 ? first : rest
      return line === '' ? prefix.trimEnd() : prefix + line
    })
    .join('\n')
}

class Writer {
  block(node: unknown, path: string, context: Context): Rendered {
    if (!isRecord(node)) throw invalid(path, 'must be an object')
    if (node.object !== 'block') {
      if (node.object === 'text' || node.object === 'inline') {
        // Inline content where a block belongs: keep it as a paragraph.
        return { text: this.paragraphText([node], path) }
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
        return { text: this.paragraphText(nodes, `${path}.nodes`) }
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const level = Number(node.type.slice(-1))
        const text = this.inlines(nodes, `${path}.nodes`)
          .replace(/\\\n/g, ' ')
          .trim()
          .replace(/#$/, '\\#')
        return { text: `${'#'.repeat(level)}${text === '' ? '' : ' ' + text}` }
      }
      case 'divider':
        return { text: '---' }
      case 'code':
        return { text: this.code(nodes, data, path) }
      case 'blockquote': {
        const inner = this.children(nodes, path, 'nested')
        return { text: inner === '' ? '>' : indent(inner, '> ', '> ') }
      }
      case 'hint': {
        const inner = this.children(nodes, path, context === 'top' ? 'top' : 'nested')
        if (context !== 'top') return { text: inner }
        const style =
          typeof data.style === 'string' && HINT_STYLES.has(data.style) ? data.style : 'info'
        return {
          text: `{% hint style="${style}" %}\n\n${inner === '' ? '' : inner + '\n\n'}{% endhint %}`,
        }
      }
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        return this.list(node.type, nodes, data, path)
      case 'images':
        return {
          text: nodes
            .map((image, i) => {
              const imagePath = `${path}.nodes[${i}]`
              if (!isRecord(image) || image.object !== 'block')
                throw invalid(imagePath, 'must be an image block')
              return this.imageBlock(image, imagePath)
            })
            .filter((image) => image !== '')
            .join(' '),
        }
      case 'image':
        return { text: this.imageBlock(node, path) }
      case 'table':
        return { text: this.table(node, data, path) }
      default:
        return this.other(node, data, nodes, path)
    }
  }

  children(nodes: unknown[], path: string, context: Context): string {
    return joinBlocks(nodes.map((child, i) => this.block(child, `${path}.nodes[${i}]`, context)))
  }

  /** A paragraph's inline markdown, with line-start characters escaped where they would start a block. */
  paragraphText(nodes: unknown[], path: string): string {
    // A hard break ending a paragraph would read back as a literal backslash.
    const text = this.inlines(nodes, path).replace(/(?:\\\n)+$/, '')
    return text
      .split('\n')
      .map((line) => escapeLineStart(line.trimStart()))
      .join('\n')
  }

  list(type: string, nodes: unknown[], data: Json, path: string): Rendered {
    const start =
      type === 'list-ordered' && Number.isInteger(data.start) ? (data.start as number) : 1
    const items = nodes.map((item, i) => {
      const itemPath = `${path}.nodes[${i}]`
      if (!isRecord(item) || item.object !== 'block')
        throw invalid(itemPath, 'must be a list-item block')
      if (item.nodes !== undefined && !Array.isArray(item.nodes))
        throw invalid(`${itemPath}.nodes`, 'must be an array')
      const checked = isRecord(item.data) && item.data.checked === true
      const body = this.children((item.nodes ?? []) as unknown[], itemPath, 'nested')
      return { body, checked }
    })
    const render = (marker: string) =>
      items
        .map(({ body, checked }, i) => {
          let bullet = type === 'list-ordered' ? `${start + i}${marker}` : marker
          if (type === 'list-tasks') bullet += checked ? ' [x]' : ' [ ]'
          const pad = ' '.repeat(
            (type === 'list-ordered' ? `${start + i}${marker}` : marker).length + 1
          )
          if (body === '') return bullet
          return indent(body, bullet + ' ', pad)
        })
        .join('\n')
    const list = type === 'list-ordered' ? 'ordered' : 'bullet'
    return { text: render(list === 'ordered' ? '.' : '-'), list, relist: render }
  }

  code(nodes: unknown[], data: Json, path: string): string {
    const lines = nodes.map((line, i) => {
      const linePath = `${path}.nodes[${i}]`
      if (!isRecord(line)) throw invalid(linePath, 'must be a code-line block')
      return this.plainText(line.nodes ?? [], `${linePath}.nodes`)
    })
    const content = lines.join('\n')
    const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length))
    const fence = '`'.repeat(Math.max(3, longest + 1))
    let info = typeof data.syntax === 'string' ? data.syntax.replace(/[\s`]/g, '') : ''
    if (typeof data.title === 'string' && data.title !== '') {
      info += `${info ? ' ' : ''}title="${data.title.replace(/["`\n]/g, '')}"`
    }
    return `${fence}${info}\n${lines.length > 0 ? content + '\n' : ''}${fence}`
  }

  imageBlock(node: Json, path: string): string {
    const data = isRecord(node.data) ? node.data : {}
    const url = refUrl(data.ref)
    if (url === undefined) throw invalid(`${path}.data.ref`, 'must be a url or file reference')
    const caption = fragmentText(this, node.fragments, 'caption', path)
    return image(typeof data.alt === 'string' ? data.alt : '', url, caption)
  }

  /**
   * GitBook's table: columns in `view.columns` (titles in `definition`), records ordered by
   * `orderIndex`, text cells as fragments named by the record's values.
   */
  table(node: Json, data: Json, path: string): string {
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
    const cells = rows.map(([id, record]) => {
      const values = isRecord(record.values) ? record.values : {}
      return columns.map((column) => {
        const value = values[column]
        if (value === undefined || value === null) return ''
        if (typeof value === 'number' || typeof value === 'boolean')
          return escapeText(String(value))
        if (typeof value === 'string' && fragments.has(value)) {
          const blocks = fragments.get(value)!
          const cellPath = `${path}.records.${id}`
          if (
            blocks.length > 1 ||
            (blocks.length === 1 && !(isRecord(blocks[0]) && blocks[0].type === 'paragraph'))
          ) {
            simple = false
            return this.plainText(blocks, cellPath)
          }
          return blocks.length === 0
            ? ''
            : this.inlines(((blocks[0] as Json).nodes as unknown[]) ?? [], cellPath)
        }
        if (typeof value === 'string') return escapeText(value)
        simple = false
        return ''
      })
    })
    const titles = columns.map((column) => {
      const def = definition[column]
      return isRecord(def) && typeof def.title === 'string' ? escapeText(def.title) : ''
    })
    if (!simple || columns.length === 0) {
      return [titles, ...cells]
        .map((row) => row.map((cell) => cell.replace(/\n/g, ' ')).join(' | '))
        .filter((row) => row.trim() !== '' && row.replace(/[|\s]/g, '') !== '')
        .map(escapeLineStart)
        .join('\n\n')
    }
    const line = (row: string[]) =>
      `| ${row.map((cell) => cell.replace(/\\?\n/g, ' ').trim()).join(' | ')} |`
    const align = columns.map((column) => {
      const def = definition[column]
      const alignment = isRecord(def) ? def.textAlignment : undefined
      return alignment === 'center' ? ':---:' : alignment === 'right' ? '---:' : ':---'
    })
    return [line(titles), `| ${align.join(' | ')} |`, ...cells.map(line)].join('\n')
  }

  /** Blocks markdown has no syntax for: what they link to, and their text. */
  other(node: Json, data: Json, nodes: unknown[], path: string): Rendered {
    const parts: string[] = []
    const url = typeof data.url === 'string' ? data.url : refUrl(data.ref)
    const texts: string[] = []
    for (const key of ['title', 'caption', 'formula', 'label'] as const) {
      if (typeof data[key] === 'string' && data[key] !== '') texts.push(data[key] as string)
    }
    if (url !== undefined) parts.push(link(escapeText(texts.shift() ?? url), url))
    if (node.type === 'math' && texts.length > 0) parts.push(escapeText(texts.shift()!))
    parts.push(...texts.map(escapeText))
    const rendered = parts.length > 0 ? [escapeLineStart(parts.join(' '))] : []
    for (const [i, fragment] of ((node.fragments ?? []) as unknown[]).entries()) {
      if (isRecord(fragment) && Array.isArray(fragment.nodes)) {
        rendered.push(this.children(fragment.nodes, `${path}.fragments[${i}]`, 'nested'))
      }
    }
    if (nodes.length > 0) {
      // A container (expandable, tabs, stepper, columns, ...) or a block of inlines.
      const blocks = nodes.every((child) => isRecord(child) && child.object === 'block')
      rendered.push(
        blocks ? this.children(nodes, path, 'nested') : this.paragraphText(nodes, `${path}.nodes`)
      )
    }
    const text = joinBlocks(rendered.map((t) => ({ text: t })))
    if (text === '')
      throw invalid(path, `is a "${node.type}" block, which carries no text this server can keep`)
    return { text }
  }

  /** Inline markdown of text and inline nodes. */
  inlines(nodes: unknown[], path: string): string {
    if (!Array.isArray(nodes)) throw invalid(path, 'must be an array')
    const leaves: { text: string; marks: Set<string> }[] = []
    const out: string[] = []
    const flush = () => {
      if (leaves.length > 0) out.push(renderLeaves(leaves.splice(0)))
    }
    nodes.forEach((node, i) => {
      const nodePath = `${path}[${i}]`
      if (!isRecord(node)) throw invalid(nodePath, 'must be an object')
      if (node.object === 'text') {
        for (const [j, l] of textLeaves(node, nodePath).entries()) {
          if (!isRecord(l) || typeof l.text !== 'string')
            throw invalid(`${nodePath}.leaves[${j}].text`, 'must be a string')
          leaves.push({ text: l.text, marks: markTypes(l.marks, `${nodePath}.leaves[${j}]`) })
        }
        return
      }
      flush()
      if (node.object === 'inline') out.push(this.inline(node, nodePath))
      else if (node.object === 'block') out.push(this.plainText([node], nodePath))
      else
        throw invalid(
          `${nodePath}.object`,
          `must be "text" or "inline" (got ${JSON.stringify(node.object)})`
        )
    })
    flush()
    return out.join('')
  }

  inline(node: Json, path: string): string {
    const data = isRecord(node.data) ? node.data : {}
    const nodes = Array.isArray(node.nodes) ? node.nodes : []
    switch (node.type) {
      case 'link': {
        const url = refUrl(data.ref)
        const text = this.inlines(nodes, `${path}.nodes`)
        if (url === undefined) return text
        return link(text, url)
      }
      case 'inline-image': {
        const url = refUrl(data.ref)
        if (url === undefined) throw invalid(`${path}.data.ref`, 'must be a url or file reference')
        return image(
          typeof data.alt === 'string' ? data.alt : '',
          url,
          typeof data.caption === 'string' ? data.caption : undefined
        )
      }
      case 'emoji': {
        const code = typeof data.code === 'string' ? data.code : ''
        const chars = code
          .split('-')
          .map((hex) => Number.parseInt(hex, 16))
          .filter((n) => Number.isInteger(n) && n > 0 && n <= 0x10ffff)
        if (chars.length > 0) return String.fromCodePoint(...chars)
        break
      }
      case 'math':
        if (typeof data.formula === 'string') return escapeText(data.formula)
        break
    }
    const text = nodes.length > 0 ? this.inlines(nodes, `${path}.nodes`) : ''
    if (text !== '') return text
    const url = refUrl(data.ref)
    if (url !== undefined) return link(escapeText(url), url)
    for (const key of ['label', 'title', 'text', 'icon']) {
      if (typeof data[key] === 'string' && data[key] !== '') return escapeText(data[key] as string)
    }
    throw invalid(
      path,
      `is a "${String(node.type)}" inline, which carries no text this server can keep`
    )
  }

  /** Plain (escaped) text of nodes of any kind, for places markup cannot go. */
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
      .join(
        path.endsWith('.nodes') && nodes.every((n) => isRecord(n) && n.object === 'block')
          ? ' '
          : ''
      )
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

function fragmentText(
  writer: Writer,
  fragments: unknown,
  name: string,
  path: string
): string | undefined {
  if (!Array.isArray(fragments)) return undefined
  const index = fragments.findIndex((f) => isRecord(f) && f.fragment === name)
  if (index < 0) return undefined
  const text = writer
    .plainText((fragments[index] as Json).nodes ?? [], `${path}.fragments[${index}].nodes`)
    .trim()
  return text === '' ? undefined : text
}

function destination(url: string): string {
  if (url === '') return '<>'
  const escaped = url.replace(/\\/g, '\\\\').replace(/&(?=#?\w+;)/g, '\\&')
  if (/[\s<>()]/.test(url))
    return `<${escaped.replace(/[<>]/g, (c) => `\\${c}`).replace(/\s/g, (c) => encodeURI(c))}>`
  return escaped
}

function link(text: string, url: string): string {
  return `[${text}](${destination(url)})`
}

function image(alt: string, url: string, caption: string | undefined): string {
  const title = caption
    ? ` "${caption.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, ' ')}"`
    : ''
  return `![${escapeText(alt).replace(/\n/g, ' ')}](${destination(url)}${title})`
}

/**
 * Text escaped so markdown reads it back as the same text: ASCII punctuation that could start
 * inline syntax is backslash-escaped; a newline becomes a hard break.
 */
function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~|]/g, (c) => `\\${c}`)
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/!(?=\\\[)/g, '\\!')
    .replace(/\{%/g, '\\{%')
    .replace(/\r\n?|\n/g, '\\\n')
}

/** A line that would start a block (heading, quote, list, setext underline) gets its first character escaped. */
function escapeLineStart(line: string): string {
  const ordered = /^(\s*\d{1,9})([.)])/.exec(line)
  if (ordered) return `${ordered[1]}\\${ordered[2]}${line.slice(ordered[0].length)}`
  if (/^\s*[#>+=-]/.test(line)) return line.replace(/^(\s*)(.)/, '$1\\$2')
  return line
}

/** A code span that holds `text` exactly. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') || /^ .*[^ ].* $/s.test(text) ? ' ' : ''
  return `${fence}${pad}${text.replace(/\r\n?|\n/g, ' ')}${pad}${fence}`
}

/**
 * Leaves with marks: bold/italic/strikethrough delimiters opened and closed as a stack (so `a` bold
 * then `b` bold+italic is `**a*b***`), code leaves as code spans, whitespace kept outside the
 * delimiters (`** a**` would not be emphasis).
 */
function renderLeaves(leaves: { text: string; marks: Set<string> }[]): string {
  type Token = { kind: 'open' | 'close'; mark: string } | { kind: 'text'; text: string }
  const tokens: Token[] = []
  const stack: string[] = []
  leaves.forEach((l, i) => {
    if (l.text === '') return
    const wanted = RENDERED_MARKS.filter((m) => l.marks.has(m))
    let keep = 0
    while (keep < stack.length && wanted.includes(stack[keep] as any)) keep++
    while (stack.length > keep) tokens.push({ kind: 'close', mark: stack.pop()! })
    // Open the marks that last longest first, so they close last.
    const opening = wanted
      .filter((m) => !stack.includes(m))
      .map((m) => {
        let until = i
        while (until + 1 < leaves.length && leaves[until + 1].marks.has(m)) until++
        return { m, until }
      })
      .sort((a, b) => b.until - a.until)
    for (const { m } of opening) {
      stack.push(m)
      tokens.push({ kind: 'open', mark: m })
    }
    tokens.push({ kind: 'text', text: l.marks.has('code') ? codeSpan(l.text) : escapeText(l.text) })
  })
  while (stack.length > 0) tokens.push({ kind: 'close', mark: stack.pop()! })

  // Whitespace moves out of delimiters: before an opening run, after a closing run.
  const out: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token.kind !== 'text') continue
    let text = token.text
    let j = i - 1
    const lead = /^[ \t]+/.exec(text)?.[0] ?? ''
    if (lead && j >= 0 && tokens[j].kind === 'open') {
      while (j >= 0 && tokens[j].kind === 'open') j--
      tokens.splice(j + 1, 0, { kind: 'text', text: lead })
      i++
      text = text.slice(lead.length)
    }
    const trail = /[ \t]+$/.exec(text)?.[0] ?? ''
    if (trail && i + 1 < tokens.length && tokens[i + 1].kind === 'close') {
      let k = i + 1
      while (k < tokens.length && tokens[k].kind === 'close') k++
      tokens.splice(k, 0, { kind: 'text', text: trail })
      text = text.slice(0, -trail.length)
    }
    tokens[i] = { kind: 'text', text }
  }
  for (const token of tokens) {
    if (token.kind === 'text') out.push(token.text)
    else out.push(MARK_DELIMITERS[token.mark as keyof typeof MARK_DELIMITERS])
  }
  // Empty delimiter pairs (a leaf of only whitespace) would be literal text: drop them.
  return out.join('').replace(/\*\*\*\*|~~~~/g, '')
}
