import { classifyTarget, rewriteLinkSites, type LinkSite } from '#content/markdown/links'
import type { TreePage } from '#content/types'

/**
 * The file a page is in a Git Sync checkout, as segments: `<path>.md`, or `<path>/README.md` for a
 * page with children. classifyTarget resolves relative links against the same layout on write.
 */
export function gitSyncFile(page: Pick<TreePage, 'path' | 'children'>): string[] {
  const segments = page.path.split('/').filter(Boolean)
  if (page.children.length > 0) return [...segments, 'README.md']
  if (segments.length === 0) return ['README.md']
  const last = segments.pop()!
  return [...segments, `${last}.md`]
}

/**
 * The link from the file `from` to the file `to` (both as segments from the checkout's root):
 * `intro.md`, `guides/setup.md`, `../api/README.md`. Segments are percent-encoded, as classifyTarget
 * decodes them; never `./`-prefixed, which an authoring batch may read as one of its refs.
 */
export function relativeFileLink(from: string[], to: string[]): string {
  const fromDir = from.slice(0, -1)
  let common = 0
  while (common < fromDir.length && common < to.length - 1 && fromDir[common] === to[common]) {
    common++
  }
  const up = fromDir.slice(common).map(() => '..')
  return [...up, ...to.slice(common)].map((segment) => encodeURIComponent(segment)).join('/')
}

/**
 * GitBook's `format.markdown.refs=relative`: the stored markdown of `page` with its page links
 * (`/pages/<id>`, `#anchor` kept) written as links relative to the page's file to the target page's
 * file, as a Git Sync checkout has them. Links to pages the revision does not hold (or to link
 * pages, which have no file) and file links (`/files/<id>`) stay as stored: an authoring batch reads
 * both forms back to the same ids, so what is read this way writes back unchanged.
 */
export function relativeRefs(
  markdown: string,
  sites: LinkSite[],
  page: TreePage,
  byId: ReadonlyMap<string, TreePage>
): string {
  const from = gitSyncFile(page)
  return rewriteLinkSites(markdown, sites, (link) => {
    const target = classifyTarget(link.url)
    if (target.type !== 'page') return undefined
    const targetPage = byId.get(target.pageId)
    if (!targetPage || targetPage.node.type === 'link') return undefined
    const hashAt = link.url.indexOf('#')
    const fragment = hashAt === -1 ? '' : link.url.slice(hashAt)
    return relativeFileLink(from, gitSyncFile(targetPage)) + fragment
  })
}
