import { parse as parseHtml } from 'node-html-parser'
import type { Nodes, Root } from 'mdast'
import { parseMarkdown } from '#content/markdown/parse'

/** A line holding only a GitBook block tag (`{% hint style="info" %}`, `{% endhint %}`, ...). */
export const BLOCK_TAG_LINE = /^[ \t]*\{%[^\r\n]*%\}[ \t]*$/gm

/**
 * The text of a page body without markup, for search and PDF: one line (or more) per block, blocks
 * separated by a line break; image alt texts kept, link URLs, GitBook block tags, raw HTML tags and
 * reference definitions dropped; code kept as written; table cells separated by tabs.
 */
export function markdownToPlainText(markdown: string | Root): string {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown
  const lines: string[] = []
  collect(tree, lines)
  return lines
    .join('\n')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function collect(node: Nodes, lines: string[]) {
  switch (node.type) {
    case 'paragraph':
    case 'heading': {
      const text = textOf(node).replace(BLOCK_TAG_LINE, '').trim()
      if (text !== '') lines.push(text)
      return
    }
    case 'code':
      if (node.value !== '') lines.push(node.value)
      return
    case 'html': {
      const text = parseHtml(node.value).textContent.trim()
      if (text !== '') lines.push(text)
      return
    }
    case 'table':
      for (const row of node.children) {
        lines.push(row.children.map((cell) => textOf(cell).trim()).join('\t'))
      }
      return
    case 'thematicBreak':
    case 'definition':
      return
    default:
      if ('children' in node) {
        for (const child of node.children) collect(child as Nodes, lines)
      } else if ('value' in node && typeof node.value === 'string' && node.value.trim() !== '') {
        lines.push(node.value.trim())
      }
  }
}

/** Inline text: like mdast-util-to-string, but a hard line break is a line break. */
function textOf(node: Nodes): string {
  if (node.type === 'break') return '\n'
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? ''
  if ('value' in node && typeof node.value === 'string')
    return node.type === 'html' ? '' : node.value
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('')
  return ''
}
