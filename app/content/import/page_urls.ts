/**
 * How the crawler identifies pages: one key per page whatever the spelling of the link. The fragment
 * and the query string are dropped (`/a?x=1` and `/a#part` are `/a`), and a final `index.html` /
 * `index.htm` is dropped (`/docs/index.html` is `/docs/`: same directory, so relative links in
 * either resolve alike). A trailing slash is kept: `/x/` and `/x` are different URLs to a server
 * and resolve relative links differently, they are one page only when one redirects to the other
 * (the crawler records the redirect as an alias).
 */
export function pageKey(input: string | URL): string {
  if (typeof input !== 'string') return pageKeyOf(input)
  let key = pageKeys.get(input)
  if (key === undefined) {
    key = pageKeyOf(input)
    remember(pageKeys, input, key)
  }
  return key
}

/**
 * Page keys and page-link answers of URLs seen lately: a site's every page links to the same
 * navigation, and parsing a URL is the costly part of either answer. Bounded: cleared when full.
 */
const pageKeys = new Map<string, string>()
const pageLinks = new Map<string, boolean>()
const REMEMBERED = 5_000

function remember<T>(cache: Map<string, T>, input: string, value: T) {
  if (cache.size >= REMEMBERED) cache.clear()
  cache.set(input, value)
}

function pageKeyOf(input: string | URL): string {
  const url = new URL(input)
  url.hash = ''
  url.search = ''
  url.pathname = url.pathname.replace(/\/index\.html?$/i, '/')
  return url.href
}

/** The URL to fetch for a link: as written, only the fragment (never sent to servers) dropped. */
export function fetchUrl(input: string | URL): string {
  const url = new URL(input)
  url.hash = ''
  return url.href
}

/**
 * The scope of a crawl: the start URL's origin and its directory. `/docs/` and `/docs` both scope to
 * `/docs/`; `/docs/intro.html` (a last segment with an extension) scopes to `/docs/`.
 */
export function crawlScope(start: string | URL): { origin: string; pathPrefix: string } {
  const url = new URL(start)
  let path = url.pathname
  if (!path.endsWith('/')) {
    const last = path.slice(path.lastIndexOf('/') + 1)
    path = last.includes('.') ? path.slice(0, path.lastIndexOf('/') + 1) : `${path}/`
  }
  return { origin: url.origin, pathPrefix: path }
}

/** Whether a URL stays on the scope's origin and under its path prefix (the prefix itself included). */
export function inScope(
  input: string | URL,
  scope: { origin: string; pathPrefix: string }
): boolean {
  const url = new URL(input)
  if (url.origin !== scope.origin) return false
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  return path.startsWith(scope.pathPrefix) || url.pathname.startsWith(scope.pathPrefix)
}

/** The path of a page key split in segments, e.g. `https://x/docs/a/b` → `['docs', 'a', 'b']`. */
export function pathSegments(key: string): string[] {
  return new URL(key).pathname.split('/').filter((segment) => segment.length > 0)
}

/** Extensions of files that are not pages: links to them are never crawled as pages. */
export const NOT_PAGES =
  /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|dmg|exe|msi|deb|rpm|apk|iso|mp[34]|m4a|mov|avi|mkv|webm|wav|ogg|flac|woff2?|ttf|otf|eot|css|js|mjs|json|xml|rss|atom|txt|csv|docx?|xlsx?|pptx?)$/i

/** Whether a link leads to a page the crawl may import: in scope, and not a file by its extension. */
export function isPageLink(
  input: string | URL,
  scope: { origin: string; pathPrefix: string }
): boolean {
  if (typeof input !== 'string') return isPageLinkOf(input, scope)
  const cacheKey = `${scope.origin}\n${scope.pathPrefix}\n${input}`
  let answer = pageLinks.get(cacheKey)
  if (answer === undefined) {
    answer = isPageLinkOf(input, scope)
    remember(pageLinks, cacheKey, answer)
  }
  return answer
}

function isPageLinkOf(input: string | URL, scope: { origin: string; pathPrefix: string }): boolean {
  try {
    return inScope(input, scope) && !NOT_PAGES.test(new URL(pageKey(input)).pathname)
  } catch {
    return false
  }
}
