import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import SearchService, { type SearchInput } from '#content/search/search_service'
import type { LocatedSite } from '#sites/services/site_locator'
import PublishedSiteService, { type SiteView } from '#sites/services/published_site_service'
import type { Visitor } from '#sites/services/site_visitor_service'

/** llms-full.txt stops adding pages past this many characters. */
const MAX_FULL_TEXT = 10_000_000
/** Hidden pages named to the search query; past this many, hits are filtered afterwards only. */
const MAX_EXCLUDED = 5000
/** A sitemap holds at most this many URLs (the sitemaps protocol's limit). */
const MAX_SITEMAP_URLS = 50_000

export type ReaderHit = {
  title: string
  url: string
  spaceTitle: string
  sections: Array<{ title: string; body: string; url: string }>
}

export type SiteSearchScope =
  | { mode: 'all' }
  | {
      mode: 'default'
      currentSiteSpace?: string
      restrictTo?: 'currentSiteSpace' | 'otherSiteSpaces'
    }
  | { mode: 'specific'; siteSpaceIds: string[] }

/**
 * What a site offers beyond its pages, each over exactly what the visitor may see: search,
 * llms.txt and llms-full.txt (the pages as markdown, for agents) and sitemap.xml.
 */
@inject()
export default class PublishedIndexService {
  constructor(
    private sites: PublishedSiteService,
    private searches: SearchService
  ) {}

  /**
   * Pages matching `input.query` in the site spaces of `views`, ranked as space search ranks them;
   * pages the visitor cannot reach (conditions) are left out.
   */
  async search(views: SiteView[], input: SearchInput) {
    const bySpace = new Map<string, SiteView>()
    for (const view of views) if (!bySpace.has(view.space.id)) bySpace.set(view.space.id, view)
    // Pages hidden by conditions are left out by the query, so counts and ranks are the reader's.
    const excludedPageIds = views.flatMap((view) => view.pages.unreachable).slice(0, MAX_EXCLUDED)
    const results = await this.searches.search(
      db.connection(),
      { spaceIds: [...bySpace.keys()], excludedPageIds },
      input
    )
    const reachable = results.pages.filter((hit) =>
      bySpace.get(hit.spaceId)?.pages.byId.has(hit.pageId)
    )
    return { ...results, pages: reachable, views: bySpace }
  }

  /** The reader's search page: hits linking to the page and to its matching sections. */
  async readerSearch(located: LocatedSite, visitor: Visitor, input: SearchInput) {
    const views = await this.sites.openAll(located, visitor)
    const { pages, count, next, views: bySpace } = await this.search(views, input)
    const hits: ReaderHit[] = pages.map((hit) => {
      const view = bySpace.get(hit.spaceId)!
      const url = this.sites.pageUrl(view, view.pages.byId.get(hit.pageId)!)
      return {
        title: hit.title,
        url,
        spaceTitle: views.length > 1 ? (view.location.siteSpace.title ?? view.space.title) : '',
        sections: hit.sections.map((section) => ({
          title: section.title,
          body: section.body,
          url: section.id ? `${url}#${encodeURIComponent(section.id)}` : url,
        })),
      }
    })
    return { hits, count, next }
  }

  /** The site spaces a `searchSiteContent` scope names, among the views of a site. */
  inScope(views: SiteView[], located: LocatedSite, scope: SiteSearchScope): SiteView[] {
    if (scope.mode === 'all') return views
    if (scope.mode === 'specific') {
      const wanted = new Set(scope.siteSpaceIds)
      return views.filter((view) => wanted.has(view.location.siteSpace.id))
    }
    const defaults = views.filter((view) => {
      const { section, siteSpace } = view.location
      return (
        (section ? section.defaultSiteSpaceId : located.site.defaultSiteSpaceId) === siteSpace.id
      )
    })
    const current = views.find((view) => view.location.siteSpace.id === scope.currentSiteSpace)
    const inDefault = current && !defaults.includes(current) ? [current, ...defaults] : defaults
    if (scope.restrictTo === 'currentSiteSpace') return current ? [current] : []
    if (scope.restrictTo === 'otherSiteSpaces') return inDefault.filter((view) => view !== current)
    return inDefault
  }

  /** llms.txt: the site's pages by site space, each linking to its markdown. */
  async llms(located: LocatedSite, visitor: Visitor, origin: string): Promise<string> {
    const views = await this.sites.openAll(located, visitor)
    const lines = [`# ${located.site.title}`, '']
    for (const view of views) {
      lines.push(`## ${view.location.siteSpace.title ?? view.space.title}`, '')
      for (const page of view.pages.reading) {
        const description = page.node.description ? `: ${page.node.description}` : ''
        lines.push(
          `- [${page.node.title}](${origin}${this.sites.markdownUrl(view, page)})${description}`
        )
      }
      lines.push('')
    }
    return lines.join('\n')
  }

  /** llms-full.txt: every page's markdown, in reading order, up to MAX_FULL_TEXT characters. */
  async llmsFull(located: LocatedSite, visitor: Visitor, origin: string): Promise<string> {
    const views = await this.sites.openAll(located, visitor)
    const parts: string[] = [`# ${located.site.title}\n`]
    let size = parts[0].length
    for (const view of views) {
      for (const page of view.pages.reading) {
        const markdown = await this.sites.markdownOf(view, page)
        const part = `\n---\n\n# ${page.node.title}\n\nSource: ${origin}${this.sites.pageUrl(view, page)}\n\n${markdown.trim()}\n`
        if (size + part.length > MAX_FULL_TEXT) {
          parts.push(
            '\n---\n\n(The remaining pages are left out: this file has reached its size limit.)\n'
          )
          return parts.join('')
        }
        size += part.length
        parts.push(part)
      }
    }
    return parts.join('')
  }

  /** sitemap.xml: the URLs of the pages an anonymous visitor reaches, except noIndex pages. */
  async sitemap(located: LocatedSite, visitor: Visitor, origin: string): Promise<string> {
    const views = await this.sites.openAll(located, visitor)
    const urls: string[] = []
    for (const view of views) {
      for (const page of view.pages.reading) {
        if (page.node.noIndex || page.node.noRobotsIndex) continue
        if (urls.length >= MAX_SITEMAP_URLS) break
        urls.push(
          `<url><loc>${xmlEscape(origin + this.sites.pageUrl(view, page))}</loc><lastmod>${xmlEscape(page.node.updatedAt)}</lastmod></url>`
        )
      }
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  }
}

function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
