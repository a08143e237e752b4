import type { RenderedHtml } from '#content/markdown/html'
import type { TreePage } from '#content/types'
import { sectionUrl, siteSpaceUrl } from '#sites/published_urls'
import type { SectionGroupRecord, SectionRecord } from '#sites/records'
import { rootPath, type LocatedSite } from '#sites/services/site_locator'
import type PublishedSiteService from '#sites/services/published_site_service'
import { ancestorsOf, type SiteView } from '#sites/services/published_site_service'
import type { Visitor } from '#sites/services/site_visitor_service'
import { navigationHtml } from '#sites/published/navigation'
import { topLevelOf } from '#sites/services/site_structure_service'

/**
 * Where the page's navigation and body go in the rendered template: the template engine works on
 * the small frame, and the large parts (a thousand-page tree, a long page) are put in after, once.
 */
export const NAV_SLOT = '<!--bindery:navigation-->'
export const BODY_SLOT = '<!--bindery:body-->'

/** The rendered frame with the page's navigation and body in their slots. */
export function fillSlots(frame: string, page: { navHtml: string; bodyHtml: string }): string {
  const nav = frame.indexOf(NAV_SLOT)
  const body = frame.indexOf(BODY_SLOT)
  if (nav === -1 || body === -1 || body < nav) throw new Error('The page template lost a slot')
  return (
    frame.slice(0, nav) +
    page.navHtml +
    frame.slice(nav + NAV_SLOT.length, body) +
    page.bodyHtml +
    frame.slice(body + BODY_SLOT.length)
  )
}

type Link = { title: string; url: string; current: boolean }
type Tab = Link & { icon: string | null }
type TabGroup = { title: string; current: boolean; sections: Tab[] }

/**
 * What every reader page shows around its content: the site's title, its sections as tabs (groups
 * as menus), the site spaces of the current section, the search box and the theme switch.
 */
export function frameOf(located: LocatedSite, visitor: Visitor, view?: SiteView) {
  const base = rootPath(located)
  const siteUrl = base || '/'
  const { site } = located
  const tabs: Array<Tab | TabGroup> = []
  const variants: Link[] = []
  if (view) {
    const current = view.location.section?.id
    const tab = (section: SectionRecord): Tab => ({
      title: section.title,
      url: sectionUrl(base, site, section) || '/',
      current: section.id === current,
      icon: section.icon,
    })
    for (const entry of topLevelOf(view.structure)) {
      if (isSection(entry)) {
        tabs.push(tab(entry))
      } else {
        const sections = view.structure.sections
          .filter((s) => s.sectionGroupId === entry.id)
          .map(tab)
        tabs.push({ title: entry.title, current: sections.some((s) => s.current), sections })
      }
    }
    const section = view.location.section
    for (const siteSpace of view.structure.siteSpaces) {
      if (siteSpace.siteSectionId !== (section?.id ?? null) || siteSpace.hidden) continue
      variants.push({
        title: siteSpace.title ?? siteSpace.path,
        url: siteSpaceUrl(base, site, siteSpace, section) || '/',
        current: siteSpace.id === view.location.siteSpace.id,
      })
    }
  }
  return {
    siteTitle: site.title,
    siteInitial: Array.from(site.title.trim())[0]?.toUpperCase() ?? 'B',
    siteUrl,
    searchUrl: `${base}/~search`,
    tabs,
    variants: variants.length > 1 ? variants : [],
    theme: visitor.theme ?? 'system',
    preview: visitor.preview,
    unpublished: !site.published,
  }
}

/**
 * The page itself: breadcrumbs, title, description, body, "on this page", previous and next.
 */
export function pageOf(
  sites: PublishedSiteService,
  view: SiteView,
  page: TreePage,
  body: RenderedHtml
) {
  const url = (target: TreePage) => sites.pageUrl(view, target)
  const breadcrumbs: Array<{ title: string; url: string | null }> = []
  if (view.location.section) {
    breadcrumbs.push({ title: view.location.section.title, url: null })
  }
  for (const ancestor of ancestorsOf(view.tree, page)) {
    breadcrumbs.push({
      title: ancestor.node.title,
      url: ancestor.node.type === 'document' ? url(ancestor) : null,
    })
  }
  const layout = page.node.layout ?? {}
  const index = view.pages.readingIndex.get(page.node.id)
  const previous = index !== undefined && index > 0 ? view.pages.reading[index - 1] : undefined
  const next = index !== undefined ? view.pages.reading[index + 1] : undefined
  const pagination = layout.pagination !== false
  return {
    title: page.node.title,
    showTitle: layout.title !== false,
    description: layout.description !== false ? (page.node.description ?? '') : '',
    breadcrumbs,
    bodySlot: BODY_SLOT,
    bodyHtml: body.html,
    toc:
      layout.outline === false
        ? []
        : body.headings
            .filter((h) => h.depth >= 1 && h.depth <= 3)
            .map((h) => ({ ...h, url: `#${encodeURIComponent(h.id)}` })),
    previous: pagination && previous ? { title: previous.node.title, url: url(previous) } : null,
    next: pagination && next ? { title: next.node.title, url: url(next) } : null,
    markdownUrl: sites.markdownUrl(view, page),
    navSlot: NAV_SLOT,
    navHtml: navigationHtml(view, url, page),
    spaceTitle: view.location.siteSpace.title ?? view.space.title,
  }
}

function isSection(entry: SectionRecord | SectionGroupRecord): entry is SectionRecord {
  return 'path' in entry
}
