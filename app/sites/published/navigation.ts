import { LRUCache } from 'lru-cache'
import type { TreePage } from '#content/types'
import { emojiCharacters, isCodePointEmoji } from '#core/emoji'
import {
  ancestorsOf,
  type ReaderPages,
  type SiteView,
} from '#sites/services/published_site_service'

/**
 * The page tree of a site space as HTML navigation: nested lists, pages with children as
 * `<details>` (open on the way to the current page), no JavaScript. The tree is built once per
 * revision, site space URL and set of visible pages; marking the current page is a string edit.
 */
const trees = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (html) => html.length * 2 + 64,
})

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c])
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** The navigation of `view` with `current` marked and its ancestors opened. */
export function navigationHtml(
  view: SiteView,
  pageUrl: (page: TreePage) => string,
  current: TreePage | undefined
): string {
  const key = `${view.spaceBase}\n${view.tree.spaceId}\n${view.tree.id}\n${view.pages.key}`
  let html = trees.get(key)
  if (html === undefined) {
    html = `<ul class="nav-tree">${items(view.tree.pages, view.pages, pageUrl)}</ul>`
    trees.set(key, html)
  }
  if (!current) return html
  html = html.replace(
    `<a href="${escapeHtml(pageUrl(current))}">`,
    `<a href="${escapeHtml(pageUrl(current))}" aria-current="page">`
  )
  for (const page of [...ancestorsOf(view.tree, current), current]) {
    html = html.replace(
      `<details data-open="${page.node.id}">`,
      `<details data-open="${page.node.id}" open>`
    )
  }
  return html
}

function items(
  pages: TreePage[],
  visible: ReaderPages,
  pageUrl: (page: TreePage) => string
): string {
  let html = ''
  for (const page of pages) {
    if (page.node.hidden) continue
    if (page.node.type === 'link') {
      const href = page.node.href ?? ''
      if (/^https?:\/\//i.test(href)) {
        html += `<li><a class="external" href="${escapeHtml(href)}" rel="noopener noreferrer">${label(page)}</a></li>`
      }
      continue
    }
    if (!visible.byId.has(page.node.id)) continue
    const children = page.children.length > 0 ? items(page.children, visible, pageUrl) : ''
    if (page.node.type === 'group') {
      html += `<li class="nav-group"><span class="nav-group-title">${label(page)}</span>${children ? `<ul>${children}</ul>` : ''}</li>`
      continue
    }
    const link = `<a href="${escapeHtml(pageUrl(page))}">${label(page)}</a>`
    html += children
      ? `<li><details data-open="${page.node.id}"><summary>${link}</summary><ul>${children}</ul></details></li>`
      : `<li>${link}</li>`
  }
  return html
}

function label(page: TreePage): string {
  const emoji =
    page.node.emoji && isCodePointEmoji(page.node.emoji)
      ? `${emojiCharacters(page.node.emoji)} `
      : ''
  return escapeHtml(`${emoji}${page.node.title}`)
}
