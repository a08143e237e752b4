import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { sendFileBytes } from '#content/services/file_bytes'
import { READER_CSS, READER_CSS_HASH } from '#sites/published/reader_styles'
import { fillSlots, frameOf, pageOf } from '#sites/published/reader_presenter'
import PublishedIndexService from '#sites/services/published_index_service'
import PublishedSiteService, {
  ancestorsOf,
  type SiteView,
} from '#sites/services/published_site_service'
import SiteLocator, { rootPath, safeDecode, type LocatedSite } from '#sites/services/site_locator'
import SiteVisitorService, { type Visitor } from '#sites/services/site_visitor_service'

const SECURITY_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; img-src 'self' https: http:; style-src '${READER_CSS_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
}
const SEARCH_PAGE_SIZE = 20
const MAX_SEGMENTS = 64

/**
 * The published reader: a site's pages as HTML (no JavaScript needed), their markdown, the site's
 * search, files, llms.txt, sitemap.xml and robots.txt, for the visitors its visibility admits.
 * Served at `/sites/{organization}/{site}/...` and, through SiteHostMiddleware, on a site's own
 * hostname or proxy prefix.
 */
@inject()
export default class PublishedSiteController {
  constructor(
    private locator: SiteLocator,
    private visitors: SiteVisitorService,
    private sites: PublishedSiteService,
    private index: PublishedIndexService
  ) {}

  async show(ctx: HttpContext) {
    const { organization, site } = ctx.params
    const rest = (ctx.params['*'] as string[] | undefined) ?? []
    const located = await this.locator.locateOnServer(safeDecode(organization), safeDecode(site))
    return this.serve(ctx, located, rest)
  }

  /** Answers a request for `segments` (below the site's base) of a located site. */
  async serve(ctx: HttpContext, located: LocatedSite | null, rawSegments: string[]) {
    const { response } = ctx
    response.header('Vary', 'Cookie')
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.header(name, value)
    if (!located || !['GET', 'HEAD'].includes(ctx.request.method()))
      return this.notFound(ctx, located)
    const admission = await this.visitors.admit(ctx, located)
    switch (admission.kind) {
      case 'redirect':
        response.header('Cache-Control', 'no-store')
        return response.redirect(admission.location)
      case 'not-found':
        return this.notFound(ctx, located)
      case 'unauthorized':
        return this.unauthorized(ctx, located, admission.fallbackUrl)
    }
    const visitor = admission.visitor
    this.cachingHeaders(ctx, located, visitor)
    const segments = rawSegments.slice(0, MAX_SEGMENTS).map(safeDecode)
    const origin = `${ctx.request.protocol()}://${ctx.request.host()}`

    if (segments.length === 1) {
      switch (segments[0]) {
        case 'robots.txt':
          return this.text(ctx, 'text/plain', this.robots(located, visitor, origin))
        case 'sitemap.xml':
          if (located.site.visibility !== 'public' || visitor.preview)
            return this.notFound(ctx, located)
          return this.text(
            ctx,
            'application/xml',
            await this.index.sitemap(located, visitor, origin)
          )
        case 'llms.txt':
        case 'llms-full.txt':
          if (located.site.agentsContext !== 'included') return this.notFound(ctx, located)
          return this.text(
            ctx,
            'text/plain',
            segments[0] === 'llms.txt'
              ? await this.index.llms(located, visitor, origin)
              : await this.index.llmsFull(located, visitor, origin)
          )
        case '~search':
          return this.search(ctx, located, visitor)
      }
    }

    const view = await this.sites.open(located, visitor, segments)
    if (!view) return this.notFound(ctx, located, visitor)
    const rest = view.location.rest
    if (rest[0] === '~files') return this.file(ctx, view, rest[1] ?? '')
    const last = rest[rest.length - 1] ?? ''
    const asMarkdown = last.endsWith('.md') && last.length > 3
    const path = (asMarkdown ? [...rest.slice(0, -1), last.slice(0, -3)] : rest).join('/')
    const page = path === '' ? view.pages.first : view.pages.byPath.get(path)
    if (!page) {
      const moved = path === '' ? null : await this.sites.movedPage(view, path)
      if (!moved) return this.notFound(ctx, located, visitor, view)
      const target = asMarkdown
        ? this.sites.markdownUrl(view, moved)
        : this.sites.pageUrl(view, moved)
      return response.redirect().status(301).toPath(target)
    }
    if (page.node.type === 'group') {
      const first = view.pages.reading.find((p) =>
        ancestorsOf(view.tree, p).some((ancestor) => ancestor === page)
      )
      if (!first) return this.notFound(ctx, located, visitor, view)
      return response.redirect().toPath(this.sites.pageUrl(view, first))
    }

    const embedded = asMarkdown ? undefined : await this.sites.embeddedOf(view, page)
    const etag = this.sites.etag(
      view,
      `${page.node.id}:${asMarkdown ? 'md' : `html:${embedded?.key ?? ''}`}`
    )
    response.header('ETag', etag)
    response.header('Last-Modified', new Date(view.tree.createdAt).toUTCString())
    if (page.node.noRobotsIndex || page.node.noIndex) response.header('X-Robots-Tag', 'noindex')
    if (ctx.request.header('if-none-match') === etag) return response.status(304).send('')

    if (asMarkdown) {
      return this.text(ctx, 'text/markdown', await this.sites.markdownOf(view, page))
    }
    const body = await this.sites.body(view, page, embedded)
    const shown = pageOf(this.sites, view, page, body)
    const frame = await ctx.view.render('published/page', {
      frame: frameOf(located, visitor, view),
      page: shown,
      head: {
        title: page.node.title,
        description: page.node.description ?? '',
        noindex: located.site.visibility !== 'public' || Boolean(page.node.noRobotsIndex),
        canonical: `${origin}${this.sites.pageUrl(view, page)}`,
      },
      css: READER_CSS,
    })
    // Encoded once here: a string answer would be encoded twice (its length, then its bytes).
    response.header('Content-Type', 'text/html; charset=utf-8')
    return response.send(Buffer.from(fillSlots(frame, shown), 'utf8'))
  }

  private async search(ctx: HttpContext, located: LocatedSite, visitor: Visitor) {
    const qs = ctx.request.qs()
    const query = typeof qs.q === 'string' ? qs.q.trim().slice(0, 512) : ''
    const cursor = typeof qs.page === 'string' && qs.page.length <= 512 ? qs.page : undefined
    let results: Awaited<ReturnType<PublishedIndexService['readerSearch']>> = {
      hits: [],
      count: 0,
      next: undefined,
    }
    if (query) {
      try {
        results = await this.index.readerSearch(located, visitor, {
          query,
          limit: SEARCH_PAGE_SIZE,
          ...(cursor ? { page: cursor } : {}),
        })
      } catch {
        // A cursor that is not one of ours: the first page of results.
        results = await this.index.readerSearch(located, visitor, {
          query,
          limit: SEARCH_PAGE_SIZE,
        })
      }
    }
    const base = rootPath(located)
    return ctx.view.render('published/search', {
      frame: frameOf(located, visitor),
      head: { title: query ? `Search: ${query}` : 'Search', noindex: true, query },
      query,
      hits: results.hits,
      count: results.count,
      nextUrl: results.next
        ? `${base}/~search?q=${encodeURIComponent(query)}&page=${encodeURIComponent(results.next.page)}`
        : null,
      css: READER_CSS,
    })
  }

  private async file(ctx: HttpContext, view: SiteView, fileId: string) {
    const file = view.tree.files.find((candidate) => candidate.id === fileId)
    if (!file) return this.notFound(ctx, view.located, view.visitor, view)
    const shareable = ctx.response.getHeader('Cache-Control')?.toString().startsWith('public')
    await sendFileBytes(
      ctx.response,
      view.space.id,
      file,
      shareable ? 'public, max-age=3600' : 'private, max-age=3600'
    )
  }

  /**
   * Shared caches may keep only what anyone may read and no visitor changes: public and unlisted
   * pages without claims. Everything else is private; previews are not kept at all.
   */
  private cachingHeaders({ response }: HttpContext, located: LocatedSite, visitor: Visitor) {
    const { site } = located
    const open = site.visibility === 'public' || site.visibility === 'unlisted'
    if (visitor.preview) response.header('Cache-Control', 'private, no-store')
    else if (open && !visitor.personal)
      response.header('Cache-Control', 'public, max-age=0, must-revalidate')
    else response.header('Cache-Control', 'private, no-cache')
    if (site.visibility !== 'public' || visitor.preview) response.header('X-Robots-Tag', 'noindex')
  }

  private robots(located: LocatedSite, visitor: Visitor, origin: string): string {
    if (located.site.visibility !== 'public' || visitor.preview)
      return 'User-agent: *\nDisallow: /\n'
    return `User-agent: *\nAllow: /\n\nSitemap: ${origin}${located.basePath}sitemap.xml\n`
  }

  private text(ctx: HttpContext, type: string, body: string) {
    ctx.response.header('Content-Type', `${type}; charset=utf-8`)
    return ctx.response.send(body)
  }

  private async notFound(
    ctx: HttpContext,
    located: LocatedSite | null,
    visitor?: Visitor,
    view?: SiteView
  ) {
    ctx.response.status(404)
    ctx.response.header('Cache-Control', 'no-store')
    if (!located) {
      ctx.response.header('Content-Type', 'text/plain; charset=utf-8')
      return ctx.response.send('Not found')
    }
    // Sites the visitor may not read show nothing of themselves.
    const shown = visitor ?? { claims: {}, preview: false, personal: false, theme: null }
    const frame = visitor
      ? frameOf(located, shown, view)
      : { ...frameOf(located, shown), siteTitle: 'Not found', siteInitial: '?' }
    return ctx.view.render('published/status', {
      frame,
      head: { title: 'Page not found', noindex: true },
      heading: 'Page not found',
      message: 'There is no page at this address, or it is not available to you.',
      css: READER_CSS,
    })
  }

  private async unauthorized(ctx: HttpContext, located: LocatedSite, fallbackUrl: string | null) {
    ctx.response.header('Cache-Control', 'no-store')
    if (fallbackUrl && /^https?:\/\//i.test(fallbackUrl)) {
      const target = new URL(fallbackUrl)
      target.searchParams.set('location', ctx.request.url(true))
      return ctx.response.redirect(target.toString())
    }
    ctx.response.status(401)
    return ctx.view.render('published/status', {
      frame: {
        ...frameOf(located, { claims: {}, preview: false, personal: false, theme: null }),
      },
      head: { title: 'Sign-in required', noindex: true },
      heading: 'Sign-in required',
      message:
        'This site is only available to authenticated visitors. Open it from the link you were given to sign in.',
      css: READER_CSS,
    })
  }
}
