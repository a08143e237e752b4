import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import ShareLinkService from '#sites/services/share_link_service'
import { rootPath, type LocatedSite } from '#sites/services/site_locator'
import { filterClaims, unsignedClaimsFromQuery } from '#sites/visitor_claims'
import { verifyVisitorToken } from '#sites/visitor_tokens'

/** Cookies of a site's readers, scoped to the site's base path, each naming the site it is for. */
const COOKIES = {
  share: 'bindery_share',
  token: 'bindery_visitor',
  unsigned: 'bindery_claims',
  preview: 'bindery_preview',
  theme: 'bindery_theme',
} as const

const PREVIEW_PURPOSE = 'site-preview'
const PREVIEW_LIFETIME = '1 hour'
const SESSION_SECONDS = 7 * 24 * 3600
/** Query parameters that hand the reader a credential; once kept in a cookie, they are dropped. */
const CREDENTIAL_PARAMS = ['share', 'jwt_token', 'preview', 'theme']

export type Theme = 'light' | 'dark' | 'system'

/** Who is reading: what they may see is decided by the site's visibility and these claims. */
export type Visitor = {
  /** `visitor.claims` of conditions: the verified token's claims and `unsigned`, per the schema. */
  claims: Record<string, unknown>
  /** A member of the organization previewing the site from the console: sees all of it. */
  preview: boolean
  /** The answer depends on who asks (a key, a token, claims): no shared cache may keep it. */
  personal: boolean
  theme: Theme | null
  shareKey?: string
}

/** An organization member, through the API or the console: reads all of a site. */
export const MEMBER: Visitor = { claims: {}, preview: true, personal: true, theme: null }

export type Admission =
  | { kind: 'admit'; visitor: Visitor }
  /** A credential arrived in the URL and is now in a cookie: the same URL without it. */
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  /** Visitor authentication failed: the site's fallback URL, or a 401 page. */
  | { kind: 'unauthorized'; fallbackUrl: string | null }

type Kept = { site: string; value: string }

/**
 * Admits readers to a published site according to its visibility: anyone for public and unlisted
 * sites; the holder of an active share link's key (first in `?share=`, then in an HttpOnly cookie)
 * for share-link sites; the holder of a JWT signed with the site's key (first in `?jwt_token=`, then
 * in an HttpOnly cookie) for visitor-auth sites. Every request checks again: a deactivated link or
 * a regenerated key ends access at once. An organization member previewing from the console
 * (a signed, expiring `?preview=` token) reads any site of the organization, published or not.
 */
@inject()
export default class SiteVisitorService {
  constructor(private shareLinks: ShareLinkService) {}

  /** A URL that lets a member preview `siteId` for an hour (the console hands it out). */
  static previewToken(siteId: string): string {
    return encryption.encrypt(siteId, PREVIEW_LIFETIME, PREVIEW_PURPOSE)
  }

  async admit(ctx: HttpContext, located: LocatedSite): Promise<Admission> {
    const { request } = ctx
    const { site, reader } = located
    const query = request.qs()
    const fromUrl = CREDENTIAL_PARAMS.some((name) => typeof query[name] === 'string')

    const previewParam = stringParam(query.preview)
    if (previewParam !== undefined) {
      if (encryption.decrypt<string>(previewParam, PREVIEW_PURPOSE) !== site.id) {
        return { kind: 'not-found' }
      }
      this.keep(ctx, located, COOKIES.preview, previewParam, 3600)
    }
    const themeParam = stringParam(query.theme)
    if (themeParam === 'light' || themeParam === 'dark' || themeParam === 'system') {
      this.keep(ctx, located, COOKIES.theme, themeParam, 365 * 24 * 3600)
    }
    const preview =
      previewParam !== undefined ||
      encryption.decrypt<string>(
        this.kept(ctx, located, COOKIES.preview) ?? '',
        PREVIEW_PURPOSE
      ) === site.id
    if (!site.published && !preview) return { kind: 'not-found' }

    let shareKey: string | undefined
    if (site.visibility === 'share-link' && !preview) {
      const fromQuery = stringParam(query.share)
      shareKey = fromQuery ?? this.kept(ctx, located, COOKIES.share)
      const active = shareKey ? await this.shareLinks.activeShareLink(db, site.id, shareKey) : null
      if (!active) {
        if (!fromQuery) this.forget(ctx, located, COOKIES.share)
        return { kind: 'not-found' }
      }
      if (fromQuery) this.keep(ctx, located, COOKIES.share, fromQuery, SESSION_SECONDS)
    }

    // Visitor tokens authenticate visitor-auth sites and carry claims on any site.
    const tokenFromQuery = stringParam(query.jwt_token)
    const token = tokenFromQuery ?? this.kept(ctx, located, COOKIES.token)
    const verified = token ? await verifyVisitorToken(reader.privateKey, token) : null
    if (token && !verified) this.forget(ctx, located, COOKIES.token)
    if (site.visibility === 'visitor-auth' && !verified && !preview) {
      return { kind: 'unauthorized', fallbackUrl: reader.fallbackUrl }
    }
    if (verified && tokenFromQuery) {
      const seconds = verified.expiresAt
        ? Math.max(1, Math.floor((verified.expiresAt - Date.now()) / 1000))
        : SESSION_SECONDS
      this.keep(ctx, located, COOKIES.token, tokenFromQuery, seconds)
    }

    const unsigned = site.adaptiveContent ? this.unsignedClaims(ctx, located) : {}
    if (fromUrl) return { kind: 'redirect', location: withoutCredentials(request.url(true)) }

    const claims =
      site.adaptiveContent && (verified || Object.keys(unsigned).length > 0)
        ? filterClaims(reader.adaptiveSchema, { ...verified?.claims, unsigned })
        : {}
    const theme = this.kept(ctx, located, COOKIES.theme) as Theme | undefined
    return {
      kind: 'admit',
      visitor: {
        claims,
        preview,
        personal:
          preview || Boolean(shareKey) || Boolean(verified) || Object.keys(unsigned).length > 0,
        theme: theme ?? null,
        ...(shareKey ? { shareKey } : {}),
      },
    }
  }

  /**
   * Unsigned claims: `?visitor.<claim>=value` parameters, kept in a cookie for the next pages
   * (GitBook's convention); the ones in the URL replace the kept ones.
   */
  private unsignedClaims(ctx: HttpContext, located: LocatedSite) {
    const fromQuery = unsignedClaimsFromQuery(flatQuery(ctx.request.url(true)))
    if (Object.keys(fromQuery).length > 0) {
      this.keep(ctx, located, COOKIES.unsigned, JSON.stringify(fromQuery), SESSION_SECONDS)
      return fromQuery
    }
    const kept = this.kept(ctx, located, COOKIES.unsigned)
    if (!kept) return {}
    try {
      const value = JSON.parse(kept)
      return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
    } catch {
      return {}
    }
  }

  private kept(ctx: HttpContext, located: LocatedSite, name: string): string | undefined {
    const value = ctx.request.encryptedCookie(name) as Kept | undefined
    return value && value.site === located.site.id && typeof value.value === 'string'
      ? value.value
      : undefined
  }

  private keep(
    ctx: HttpContext,
    located: LocatedSite,
    name: string,
    value: string,
    maxAge: number
  ) {
    ctx.response.encryptedCookie(name, { site: located.site.id, value } satisfies Kept, {
      path: cookiePath(located),
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.request.protocol() === 'https',
      maxAge,
    })
  }

  private forget(ctx: HttpContext, located: LocatedSite, name: string) {
    if (ctx.request.cookiesList()[name] !== undefined) {
      ctx.response.clearCookie(name, { path: cookiePath(located) })
    }
  }
}

function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= 16_384 ? value : undefined
}

/** The request's URL without the parameters that carried credentials or claims. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url, 'http://reader.invalid')
  for (const name of [...parsed.searchParams.keys()]) {
    if (CREDENTIAL_PARAMS.includes(name) || name.startsWith('visitor.')) {
      parsed.searchParams.delete(name)
    }
  }
  return `${parsed.pathname}${parsed.search}`
}

/** The query string's parameters as written (`visitor.plan` stays one name), repeated ones as lists. */
function flatQuery(url: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {}
  for (const [name, value] of new URL(url, 'http://reader.invalid').searchParams) {
    const seen = params[name]
    params[name] = seen === undefined ? value : [seen, value].flat()
  }
  return params
}

/**
 * The site's base path without its trailing slash: browsers send the cookie for the site's root
 * (`/sites/o/s`) and everything below it, and not for `/sites/o/s-other`.
 */
function cookiePath(located: LocatedSite): string {
  return rootPath(located) || '/'
}
