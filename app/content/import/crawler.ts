import { analyzePage } from '#content/import/html_to_markdown'
import { ContentLimitError } from '#content/markdown/limits'
import { FetchError, guardedFetch, type FetchedResource } from '#content/import/http_fetch'
import { crawlScope, fetchUrl, inScope, pageKey } from '#content/import/page_urls'
import { SsrfGuard } from '#content/import/ssrf_guard'
import type { CrawledImage, CrawledPage, CrawlFailure, CrawlResult } from '#content/import/types'

/**
 * Crawls a website breadth-first from a start URL, within the start URL's origin and directory
 * (see page_urls.ts), and downloads the images its pages show.
 *
 * Bounds (all configurable, tests use small ones):
 * - `maxPages` (200) page fetches, failed ones included, the start page included;
 * - `maxBytesPerResource` (5 MB) per page or image, the body read is abandoned past it;
 * - `maxImageBytes` (20 MB) for all images together;
 * - `requestTimeoutMs` (10 s) per fetch, redirects and body included;
 * - `timeBudgetMs` (60 s) for the whole crawl: past it, fetches in flight are abandoned (counted as
 *   failed) and nothing new starts.
 *
 * The start page must answer 2xx with text/html, else the crawl fails with `StartPageError`. Any
 * other page that fails (refused, 4xx/5xx, too large, timed out, not HTML, redirected out of scope)
 * is skipped and listed in `failures`; `totalResources` counts pages and images attempted.
 * Links to files with a non-page extension (`.png`, `.pdf`, `.zip`, ...) are not followed. Images
 * may come from any origin (each still passes the SSRF guard); SVG is not downloaded (it can carry
 * scripts), its image stays a link to the original.
 */

export interface CrawlOptions {
  maxPages?: number
  maxBytesPerResource?: number
  maxImageBytes?: number
  timeBudgetMs?: number
  requestTimeoutMs?: number
  /** Fetches in flight at once (4). */
  concurrency?: number
  /** The SSRF guard; the import service passes one built from IMPORT_ALLOWED_HOSTS. */
  guard?: SsrfGuard
  userAgent?: string
  /** Stops the crawl like the time budget does (an import run cancelled, its job timed out). */
  signal?: AbortSignal
  /** Called after each page or image attempted: what is known so far (background import runs). */
  onProgress?: (progress: CrawlProgress) => void
}

/** Resources attempted and known so far: `total` grows as pages link to more pages and images. */
export interface CrawlProgress {
  total: number
  imported: number
  failed: number
}

type CrawlSettings = Required<Omit<CrawlOptions, 'guard' | 'userAgent' | 'signal' | 'onProgress'>>

export const CRAWL_DEFAULTS: Readonly<CrawlSettings> = {
  maxPages: 200,
  maxBytesPerResource: 5 * 1024 * 1024,
  maxImageBytes: 20 * 1024 * 1024,
  timeBudgetMs: 60_000,
  requestTimeoutMs: 10_000,
  concurrency: 4,
}

/** The start URL cannot be imported: `reason` is a sentence for the caller. */
export class StartPageError extends Error {
  constructor(
    readonly url: string,
    readonly reason: 'refused' | 'unreachable' | 'not_html' | 'status' | 'too_large',
    message: string
  ) {
    super(message)
    this.name = 'StartPageError'
  }
}

const NOT_PAGES =
  /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|dmg|exe|msi|deb|rpm|apk|iso|mp[34]|m4a|mov|avi|mkv|webm|wav|ogg|flac|woff2?|ttf|otf|eot|css|js|mjs|json|xml|rss|atom|txt|csv|docx?|xlsx?|pptx?)$/i

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/tiff': 'tiff',
}

interface QueuedPage {
  key: string
  url: string
  /** Breadth-first position: the link indexes from the start page down to this link. */
  order: number[]
}

export async function crawl(startUrl: string, options: CrawlOptions = {}): Promise<CrawlResult> {
  const settings = { ...CRAWL_DEFAULTS, ...definedOnly(options) }
  const guard = options.guard ?? new SsrfGuard()
  const budget = options.signal
    ? AbortSignal.any([AbortSignal.timeout(settings.timeBudgetMs), options.signal])
    : AbortSignal.timeout(settings.timeBudgetMs)
  const fetchOptions = {
    guard,
    signal: budget,
    timeoutMs: settings.requestTimeoutMs,
    maxBytes: settings.maxBytesPerResource,
    userAgent: options.userAgent,
  }
  const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml'

  let start: FetchedResource
  try {
    start = await guardedFetch(startUrl, {
      ...fetchOptions,
      accept: 'text/html',
      acceptContentType: isHtml,
    })
  } catch (error) {
    throw startPageError(startUrl, error)
  }

  const scope = crawlScope(start.url)
  const seen = new Map<string, string>() // key of a reached URL → key of the page it ended at
  const failures: CrawlFailure[] = []
  const pages: Array<CrawledPage & { order: number[] }> = []
  const imageUrls: string[] = []
  let attempts = 1

  const startKey = pageKey(start.url)
  const queue: QueuedPage[] = []
  const accept = (fetched: FetchedResource, order: number[], requestedKey?: string) => {
    const key = pageKey(fetched.url)
    const aliases = [
      ...new Set([requestedKey, ...fetched.redirectedFrom.map((url) => pageKey(url))]),
    ].filter((alias): alias is string => alias !== undefined && alias !== key)
    const analyzed = analyzePage(decode(fetched), fetched.url)
    pages.push({
      url: key,
      aliases,
      title: analyzed.title,
      contentHtml: analyzed.contentHtml,
      order,
    })
    analyzed.images.forEach((image) => imageUrls.includes(image) || imageUrls.push(image))
    analyzed.links.forEach((link, index) => {
      if (!inScope(link, scope)) return
      const linkKey = pageKey(link)
      if (seen.has(linkKey) || NOT_PAGES.test(new URL(linkKey).pathname)) return
      seen.set(linkKey, linkKey)
      // Fetched as written: `/docs/a/` fetched as `/docs/a` would 404 or resolve its links elsewhere.
      queue.push({ key: linkKey, url: fetchUrl(link), order: [...order, index] })
    })
  }
  seen.set(startKey, startKey)
  for (const from of start.redirectedFrom) seen.set(pageKey(from), startKey)
  try {
    accept(start, [])
  } catch (error) {
    if (!(error instanceof ContentLimitError)) throw error
    throw new StartPageError(startUrl, 'too_large', `${startUrl}: ${error.message}`)
  }
  let imagesDone = 0
  const report = () =>
    options.onProgress?.({
      total: Math.min(attempts + queue.length, settings.maxPages) + imageUrls.length,
      imported: pages.length + imagesDone,
      failed: failures.length,
    })
  report()

  const aliasesPending: Array<[string, string]> = []
  const visit = async (item: QueuedPage) => {
    try {
      const fetched = await guardedFetch(item.url, {
        ...fetchOptions,
        accept: 'text/html',
        acceptContentType: isHtml,
      })
      const key = pageKey(fetched.url)
      if (!inScope(fetched.url, scope)) {
        failures.push({
          url: item.url,
          kind: 'page',
          reason: `${item.url} redirects outside ${scope.origin}${scope.pathPrefix}`,
        })
        return
      }
      if (key !== item.key && seen.has(key)) {
        // Another link already reached that page: this one is only another name for it.
        seen.set(item.key, seen.get(key)!)
        const page = pages.find((candidate) => candidate.url === key)
        if (page) page.aliases.push(item.key)
        else aliasesPending.push([key, item.key])
        attempts-- // not a resource of its own
        return
      }
      seen.set(key, key)
      seen.set(item.key, key)
      accept(fetched, item.order, item.key)
    } catch (error) {
      failures.push({ url: item.url, kind: 'page', reason: reasonOf(error) })
    }
  }

  await pool(settings.concurrency, () => {
    if (budget.aborted || attempts >= settings.maxPages || queue.length === 0) return undefined
    attempts++
    return visit(queue.shift()!).finally(report)
  })
  for (const [key, alias] of aliasesPending)
    pages.find((page) => page.url === key)?.aliases.push(alias)

  const images = await downloadImages(imageUrls, settings, fetchOptions, failures, budget, (ok) => {
    if (ok) imagesDone++
    report()
  })

  pages.sort((a, b) => compareOrder(a.order, b.order))
  return {
    startUrl: startKey,
    scope,
    pages: pages.map(({ order: _order, ...page }) => page),
    images,
    failures,
    totalResources: attempts + imageUrls.length,
  }
}

async function downloadImages(
  urls: string[],
  settings: CrawlSettings,
  fetchOptions: Parameters<typeof guardedFetch>[1],
  failures: CrawlFailure[],
  budget: AbortSignal,
  onDone: (imported: boolean) => void = () => {}
): Promise<CrawledImage[]> {
  const downloaded: Array<CrawledImage & { index: number }> = []
  const names = new Set<string>()
  let total = 0
  let next = 0
  await pool(settings.concurrency, () => {
    if (next >= urls.length) return undefined
    const index = next++
    const url = urls[index]
    if (budget.aborted) {
      failures.push({ url, kind: 'image', reason: 'the import ran out of time' })
      return Promise.resolve()
    }
    let imported = false
    return (async () => {
      try {
        const fetched = await guardedFetch(url, {
          ...fetchOptions,
          accept: 'image/*',
          maxBytes: Math.min(settings.maxBytesPerResource, settings.maxImageBytes),
          acceptContentType: (type) => type in IMAGE_EXTENSIONS,
        })
        if (total + fetched.body.length > settings.maxImageBytes) {
          failures.push({
            url,
            kind: 'image',
            reason: `images beyond ${settings.maxImageBytes} bytes in all are not imported`,
          })
          return
        }
        total += fetched.body.length
        imported = true
        downloaded.push({
          index,
          url,
          name: uniqueName(fileName(fetched.url, IMAGE_EXTENSIONS[fetched.contentType]), names),
          contentType: fetched.contentType,
          bytes: fetched.body,
        })
      } catch (error) {
        failures.push({ url, kind: 'image', reason: reasonOf(error) })
      }
    })().finally(() => onDone(imported))
  })
  return downloaded.sort((a, b) => a.index - b.index).map(({ index: _index, ...image }) => image)
}

/**
 * Runs the tasks `next` hands out, `concurrency` at a time, until it hands out none while none is
 * running (a running task may enqueue more work, so an empty queue is only final when idle).
 */
function pool(concurrency: number, next: () => Promise<void> | undefined): Promise<void> {
  return new Promise((resolve) => {
    let active = 0
    const pump = () => {
      while (active < concurrency) {
        const task = next()
        if (!task) break
        active++
        task
          .catch(() => {})
          .finally(() => {
            active--
            pump()
          })
      }
      if (active === 0) resolve()
    }
    pump()
  })
}

function startPageError(url: string, error: unknown): StartPageError {
  if (!(error instanceof FetchError)) {
    return new StartPageError(url, 'unreachable', `${url} could not be fetched`)
  }
  switch (error.kind) {
    case 'refused':
      return new StartPageError(url, 'refused', error.message)
    case 'content_type':
      return new StartPageError(
        url,
        'not_html',
        `${error.message}: only HTML pages can be imported`
      )
    case 'status':
      return new StartPageError(url, 'status', error.message)
    case 'too_large':
      return new StartPageError(url, 'too_large', error.message)
    default:
      return new StartPageError(url, 'unreachable', error.message)
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function decode(fetched: FetchedResource): string {
  const declared =
    fetched.charset ??
    fetched.body
      .subarray(0, 2048)
      .toString('latin1')
      .match(/<meta[^>]+charset=["']?([\w-]+)/i)?.[1]
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(fetched.body)
  } catch {
    return new TextDecoder('utf-8').decode(fetched.body)
  }
}

function fileName(url: string, extension: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(
    /[^\w.-]+/g,
    '-'
  )
  const stem =
    last
      .replace(/\.[^.]*$/, '')
      .replace(/^[.-]+/, '')
      .slice(0, 200) || 'image'
  return `${stem}.${extension}`
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name
  for (let n = 2; taken.has(candidate); n++) candidate = name.replace(/(\.[^.]+)$/, `-${n}$1`)
  taken.add(candidate)
  return candidate
}

function compareOrder(a: number[], b: number[]): number {
  if (a.length !== b.length) return a.length - b.length
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i]
  return 0
}

/** The options actually given: an undefined one must not override a default. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined)
  ) as Partial<T>
}
