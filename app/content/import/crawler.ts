import { createHash } from 'node:crypto'
import { imageSize } from 'image-size'
import { FetchError, guardedFetch, type FetchedResource } from '#content/import/http_fetch'
import { crawlScope, inScope, pageKey, NOT_PAGES } from '#content/import/page_urls'
import { SsrfGuard } from '#content/import/ssrf_guard'
import { derivedId, importKey } from '#content/import/import_ids'
import {
  contentWorkers,
  PageTimeoutError,
  releaseImportWorkers,
  type TaskOptions,
} from '#content/import/worker_pool'
import type { ConvertOutput, DocumentFacts, RewriteSites } from '#content/import/page_worker'
import { FixUpRecords, type FixUpRecord, type RecordPlace } from '#content/import/fix_up_records'
import { SpillFile, type SpillPlace } from '#content/import/spill_file'
import type {
  CrawledImage,
  CrawledPage,
  CrawlFailure,
  CrawlResult,
  ImportSink,
} from '#content/import/types'

/**
 * Crawls a website breadth-first from a start URL, within the start URL's origin and directory
 * (see page_urls.ts), converting each page as it arrives and storing it at once through the sink,
 * so memory holds a few pages in flight and a small record per page, whatever the site's size.
 *
 * - Fetches run `concurrency` at a time (8), at most `perHost` (4) on one host: several requests
 *   in flight, politely per host. A fetch slot is held until its page is converted and stored.
 * - Each page is analysed and converted in the import's worker threads (worker_pool.ts) with a
 *   deadline (`pageTimeoutMs`): a page that takes longer, is nested too deep or is over the content
 *   limits is a failed page (kept in the tree without content, listed in failures), never a
 *   stall of the server.
 * - Pages link to each other through ids derived from their URLs (import_ids.ts); once the crawl
 *   ends, the few documents that link to pages or images that were not imported, to another name
 *   of a redirected page, or to an element id that is not their heading's anchor are rewritten
 *   (in the workers) and stored again.
 * - Images of any origin (each passing the SSRF guard) are downloaded and stored as they are
 *   found: PNG, JPEG, GIF, WebP, AVIF, BMP, ICO, TIFF. SVG figures are kept aside (raw, in a
 *   temporary file) and sanitized once the pages are converted (page_worker.ts): the sanitizer,
 *   DOMPurify on jsdom (~15 MB of heap), then never sits in a conversion thread beside a whole
 *   crawl's work, whose heap is freed before it comes.
 *
 * Bounds: `maxPages` page fetches (failed ones included, the start page included), `maxBytesPerResource`
 * per page or image, `maxImageBytes` for all images, `requestTimeoutMs` per fetch, `timeBudgetMs`
 * for the whole crawl (past it, fetches in flight are abandoned and nothing new starts). What a
 * bound left out is said in `limited`.
 *
 * The start page must answer 2xx with HTML and convert, else the crawl fails with StartPageError.
 */

export interface CrawlOptions {
  maxPages?: number
  maxBytesPerResource?: number
  maxImageBytes?: number
  timeBudgetMs?: number
  requestTimeoutMs?: number
  /** Fetches in flight at once (8). */
  concurrency?: number
  /** Fetches in flight on one host (4). */
  perHost?: number
  /** Deadline of one page's conversion in the workers (10 s). */
  pageTimeoutMs?: number
  /** The SSRF guard; the import service passes one built from IMPORT_ALLOWED_HOSTS. */
  guard?: SsrfGuard
  userAgent?: string
  /** Stops the crawl like the time budget does (an import run cancelled, its job timed out). */
  signal?: AbortSignal
  /** Called after each page or image attempted: what is known so far (background import runs). */
  onProgress?: (progress: CrawlProgress) => void
  /** The key page and file ids derive from (random by default). */
  key?: string
}

/** Resources attempted and known so far: `total` grows as pages link to more pages and images. */
export interface CrawlProgress {
  total: number
  imported: number
  failed: number
}

type CrawlSettings = Required<
  Omit<CrawlOptions, 'guard' | 'userAgent' | 'signal' | 'onProgress' | 'key'>
>

export const CRAWL_DEFAULTS: Readonly<CrawlSettings> = {
  maxPages: 200,
  maxBytesPerResource: 5 * 1024 * 1024,
  maxImageBytes: 20 * 1024 * 1024,
  timeBudgetMs: 60_000,
  requestTimeoutMs: 10_000,
  concurrency: 8,
  perHost: 4,
  pageTimeoutMs: 10_000,
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
  'image/svg+xml': 'svg',
}

interface QueuedPage {
  key: string
  url: string
  order: number[]
}

interface QueuedImage {
  url: string
  id: string
}

/** A page as the crawl keeps it until the end: small, its document already stored. */
interface KeptPage extends CrawledPage {
  /**
   * Where its fix-up record is (its link targets, by their numbers in the crawl's LinkTargets, and
   * where its document writes them: FixUpRecords); absent when it has no document.
   */
  record?: RecordPlace
  /** Ids of its elements whose heading anchor differs from the id (convert's); absent if none. */
  anchors?: Record<string, string>
}

/**
 * The link targets of the crawl's pages, each written once: a page keeps their numbers. A page
 * links to ~50 targets, most of them shared with the pages around it (its navigation, its part's
 * pages); as strings of its own they were most of the ~8 KB a page the crawl kept until its end
 * (a 5,000-page site, 40 MB).
 */
class LinkTargets {
  #numbers = new Map<string, number>()
  #targets: string[] = []

  numbers(targets: string[]): Uint32Array {
    const numbers = new Uint32Array(targets.length)
    targets.forEach((target, index) => {
      let number = this.#numbers.get(target)
      if (number === undefined) {
        number = this.#targets.push(target) - 1
        this.#numbers.set(target, number)
      }
      numbers[index] = number
    })
    return numbers
  }

  target(number: number): string {
    return this.#targets[number]
  }
}

/** Crawls in progress in this process (their workers are released when the last one ends). */
let crawling = 0

/**
 * Pages past which a crawl releases the conversion threads when it ends: a whole site leaves them
 * a heap worth freeing; a few pages do not, and the next import's thread starts warm.
 */
const RELEASE_AFTER_PAGES = 100

/** Whether the one crawl in progress, of `pages` pages, frees the import's threads as it goes. */
function releasesWorkers(pages: number): boolean {
  return crawling === 1 && pages >= RELEASE_AFTER_PAGES
}

/** SVG figures read back and sanitized at once once the pages are converted. */
const FIGURES_AT_ONCE = 8

export async function crawl(
  startUrl: string,
  sink: ImportSink,
  options: CrawlOptions = {}
): Promise<CrawlResult> {
  crawling++
  let pages = 0
  const records = new FixUpRecords()
  const figures = new SpillFile('svg')
  try {
    const result = await crawlSite(startUrl, sink, options, records, figures)
    pages = result.pages.length
    return result
  } finally {
    await records.close()
    await figures.remove()
    // What follows a crawl (the batch applied, its revision indexed) is the main thread's work:
    // the conversion threads' heaps are freed for it rather than after their minute idle.
    const release = releasesWorkers(pages)
    crawling--
    if (release) releaseImportWorkers()
  }
}

async function crawlSite(
  startUrl: string,
  sink: ImportSink,
  options: CrawlOptions,
  records: FixUpRecords,
  figures: SpillFile
): Promise<CrawlResult> {
  const settings = { ...CRAWL_DEFAULTS, ...definedOnly(options) }
  const key = options.key ?? importKey()
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
  const taskOptions: TaskOptions = { timeoutMs: settings.pageTimeoutMs, signal: budget }
  const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml'
  const fetchPage = (url: string) =>
    guardedFetch(url, { ...fetchOptions, accept: 'text/html', acceptContentType: isHtml })

  let start: FetchedResource
  try {
    start = await fetchPage(startUrl)
  } catch (error) {
    throw startPageError(startUrl, error)
  }

  const scope = crawlScope(start.url)
  const startKey = pageKey(start.url)
  const convert = (fetched: FetchedResource) =>
    contentWorkers.convert(
      { body: fetched.body, charset: fetched.charset, url: fetched.url, scope, key },
      taskOptions
    )

  const seen = new Map<string, string>() // key of a reached URL → key of the page it ended at
  /** Every page id the documents may name → its key (links to pages never imported go back to it). */
  const pageIds = new Map<string, string>()
  const failures: CrawlFailure[] = []
  const pages = new Map<string, KeptPage>()
  const linkTargets = new LinkTargets()
  const images: CrawledImage[] = []
  const imageIds = new Map<string, string>() // image URL → file id
  const imageUrlOf = new Map<string, string>() // file id → URL
  const downloaded = new Set<string>() // file ids stored
  const toc = new TableOfContents()
  const pageQueue: QueuedPage[] = []
  const imageQueue: QueuedImage[] = []
  let attempts = 1
  let imagesDone = 0
  let imageBytes = 0
  let skippedPages = 0
  const imageNames = new Set<string>()
  /** SVG figures fetched, sanitized once the pages are converted (sanitizeFigures). */
  const pendingFigures: Array<{ image: QueuedImage; url: string; place: SpillPlace }> = []

  const report = () =>
    options.onProgress?.({
      total: Math.min(attempts + pageQueue.length, settings.maxPages) + imageIds.size,
      imported: pages.size + imagesDone,
      failed: failures.length,
    })

  /** Records a converted page and queues what it links to. */
  const accept = async (
    fetched: FetchedResource,
    converted: ConvertOutput | undefined,
    problem: string | undefined,
    order: number[],
    requestedKey?: string
  ) => {
    const pageUrl = pageKey(fetched.url)
    const aliases = [
      ...new Set([requestedKey, ...fetched.redirectedFrom.map((url) => pageKey(url))]),
    ].filter((alias): alias is string => alias !== undefined && alias !== pageUrl)
    const id = derivedId(key, 'page', pageUrl)
    pageIds.set(id, pageUrl)
    for (const alias of aliases) pageIds.set(derivedId(key, 'page', alias), alias)
    let document: string | null = null
    if (converted?.markdown !== undefined && converted.facts) {
      document = await sink.storeDocument(converted.markdown, converted.facts, converted.sections)
    } else {
      failures.push({
        url: fetched.url,
        kind: 'page',
        reason: `${problem ?? converted?.problem ?? 'it could not be converted'}: its content was left out`,
      })
    }
    pages.set(pageUrl, {
      url: pageUrl,
      id,
      aliases,
      title: converted?.title ?? '',
      document,
      order,
      ...(document !== null && converted
        ? {
            record: records.keep({
              targets: {
                pages: linkTargets.numbers(converted.targets.pages),
                files: linkTargets.numbers(converted.targets.files),
              },
              ...(converted.sites ? { sites: converted.sites } : {}),
            }),
          }
        : {}),
      ...(converted && Object.keys(converted.anchors).length > 0
        ? { anchors: converted.anchors }
        : {}),
    })
    if (!converted) return
    if (converted.toc.length > 0) toc.merge(converted.toc)
    // Keys, URLs and ids of the links were made in the worker (a page's navigation may list the
    // whole site: here each costs two map lookups).
    for (const [index, linkKey, url, linkId] of converted.pageLinks) {
      pageIds.set(linkId, linkKey)
      if (seen.has(linkKey)) continue
      seen.set(linkKey, linkKey)
      // Fetched as written: `/docs/a/` fetched as `/docs/a` would 404 or resolve its links elsewhere.
      pageQueue.push({ key: linkKey, url, order: [...order, index] })
    }
    for (const image of converted.images) {
      if (imageIds.has(image.url)) continue
      imageIds.set(image.url, image.id)
      imageUrlOf.set(image.id, image.url)
      imageQueue.push(image)
    }
  }

  seen.set(startKey, startKey)
  for (const from of start.redirectedFrom) seen.set(pageKey(from), startKey)
  try {
    const converted = await convert(start)
    if (converted.markdown === undefined) {
      throw new StartPageError(startUrl, 'too_large', `${startUrl}: ${converted.problem}`)
    }
    await accept(start, converted, undefined, [])
  } catch (error) {
    if (error instanceof StartPageError) throw error
    if (budget.aborted && !(error instanceof PageTimeoutError)) {
      throw new StartPageError(startUrl, 'unreachable', `${startUrl}: the import ran out of time`)
    }
    throw new StartPageError(startUrl, 'too_large', `${startUrl}: ${reasonOf(error)}`)
  }
  report()

  const aliasesPending: Array<[string, string]> = []
  const visitPage = async (item: QueuedPage) => {
    let fetched: FetchedResource
    try {
      fetched = await fetchPage(item.url)
    } catch (error) {
      failures.push({ url: item.url, kind: 'page', reason: reasonOf(error) })
      return
    }
    const finalKey = pageKey(fetched.url)
    if (!inScope(fetched.url, scope)) {
      failures.push({
        url: item.url,
        kind: 'page',
        reason: `${item.url} redirects outside ${scope.origin}${scope.pathPrefix}`,
      })
      return
    }
    if (finalKey !== item.key && seen.has(finalKey)) {
      // Another link already reached that page: this one is only another name for it.
      seen.set(item.key, seen.get(finalKey)!)
      const page = pages.get(finalKey)
      if (page) page.aliases.push(item.key)
      else aliasesPending.push([finalKey, item.key])
      attempts-- // not a resource of its own
      return
    }
    seen.set(finalKey, finalKey)
    seen.set(item.key, finalKey)
    let converted: ConvertOutput | undefined
    let problem: string | undefined
    try {
      converted = await convert(fetched)
    } catch (error) {
      problem = reasonOf(error)
    }
    await accept(fetched, converted, problem, item.order, item.key)
  }

  const visitImage = async (image: QueuedImage) => {
    let imported = false
    try {
      if (imageBytes >= settings.maxImageBytes) {
        throw new Error(`images beyond ${settings.maxImageBytes} bytes in all are not imported`)
      }
      const fetched = await guardedFetch(image.url, {
        ...fetchOptions,
        accept: 'image/*',
        maxBytes: Math.min(settings.maxBytesPerResource, settings.maxImageBytes),
        acceptContentType: (type) => type in IMAGE_EXTENSIONS,
      })
      if (fetched.contentType === 'image/svg+xml') {
        // Counted at its raw size until it is sanitized (sanitizeFigures).
        countImageBytes(fetched.body.byteLength)
        pendingFigures.push({ image, url: fetched.url, place: figures.append(fetched.body) })
        return
      }
      await keepImage(image, fetched.url, fetched.contentType, fetched.body)
      imported = true
    } catch (error) {
      failures.push({ url: image.url, kind: 'image', reason: reasonOf(error) })
    } finally {
      if (imported) imagesDone++
    }
  }

  /** Adds to the images' bytes, refused past the crawl's bound for all images. */
  const countImageBytes = (bytes: number) => {
    if (imageBytes + bytes > settings.maxImageBytes) {
      throw new Error(`images beyond ${settings.maxImageBytes} bytes in all are not imported`)
    }
    imageBytes += bytes
  }

  const keepImage = async (
    image: QueuedImage,
    url: string,
    contentType: string,
    bytes: Uint8Array
  ) => {
    countImageBytes(bytes.byteLength)
    const blob = await sink.storeBlob(bytes)
    const entry: CrawledImage = {
      id: image.id,
      url: image.url,
      name: uniqueName(fileName(url, IMAGE_EXTENSIONS[contentType]), imageNames),
      contentType,
      size: bytes.byteLength,
      blob,
    }
    const dimensions = imageDimensions(bytes)
    if (dimensions) entry.dimensions = dimensions
    images.push(entry)
    downloaded.add(image.id)
  }

  /**
   * The SVG figures kept aside, sanitized in the import's workers and stored (a few at a time,
   * read back from the temporary file). A large crawl's conversion thread is released first, and
   * the sanitizing one after: the conversion's heap goes before the sanitizer's comes, and the
   * sanitizer's goes before the fix-up. Fetched before the time budget ran out, they are
   * sanitized even past it (only a cancelled import drops them).
   */
  const sanitizeFigures = async () => {
    if (pendingFigures.length === 0) return
    const large = releasesWorkers(pages.size)
    if (large) releaseImportWorkers()
    const figureTask: TaskOptions = { timeoutMs: settings.pageTimeoutMs, signal: options.signal }
    for (let from = 0; from < pendingFigures.length; from += FIGURES_AT_ONCE) {
      const batch = pendingFigures.slice(from, from + FIGURES_AT_ONCE)
      const raw = await figures.read(batch.map((figure) => figure.place)).catch(() => undefined)
      await Promise.all(
        batch.map(async (figure, index) => {
          imageBytes -= figure.place[1]
          try {
            if (!raw) throw new Error('its temporary copy could not be read back')
            const clean = await contentWorkers.sanitizeSvg({ body: raw[index] }, figureTask)
            if (!clean) throw new Error(`${figure.image.url} holds no drawable SVG once sanitized`)
            await keepImage(figure.image, figure.url, 'image/svg+xml', clean)
            imagesDone++
          } catch (error) {
            failures.push({ url: figure.image.url, kind: 'image', reason: reasonOf(error) })
          }
          report()
        })
      )
    }
    if (large) releaseImportWorkers()
  }

  const hosts = new Map<string, number>()
  const hostOf = (url: string) => new URL(url).host
  await pool(settings.concurrency, () => {
    if (budget.aborted) return undefined
    const take = <T extends { url: string }>(queue: T[], limit = queue.length) => {
      for (let i = 0; i < Math.min(queue.length, limit); i++) {
        const host = hostOf(queue[i].url)
        if ((hosts.get(host) ?? 0) < settings.perHost) return queue.splice(i, 1)[0]
      }
      return undefined
    }
    const track = <T extends { url: string }>(item: T, work: (item: T) => Promise<void>) => {
      const host = hostOf(item.url)
      hosts.set(host, (hosts.get(host) ?? 0) + 1)
      return work(item).finally(() => {
        hosts.set(host, hosts.get(host)! - 1)
        report()
      })
    }
    const image = take(imageQueue, 50)
    if (image) return track(image, visitImage)
    if (attempts >= settings.maxPages) return undefined
    const page = take(pageQueue, 1)
    if (page) {
      attempts++
      return track(page, visitPage)
    }
    // Work may be waiting for a host to free up: try again when a task ends.
    return imageQueue.length > 0 || pageQueue.length > 0 ? null : undefined
  })
  for (const [finalKey, alias] of aliasesPending) pages.get(finalKey)?.aliases.push(alias)
  for (const image of imageQueue) {
    failures.push({ url: image.url, kind: 'image', reason: 'the import ran out of time' })
  }

  let limited: string | undefined
  skippedPages = pageQueue.length
  if (skippedPages > 0) {
    limited = budget.aborted
      ? `The import's time budget (${Math.round(settings.timeBudgetMs / 1000)} s) ran out: ${skippedPages} more pages found were not imported`
      : `The import stopped at its limit of ${settings.maxPages} pages: ${skippedPages} more pages found were not imported`
  }

  await sanitizeFigures()
  await sink.flush()
  await fixUp([...pages.values()], {
    linkTargets,
    records,
    pageIds,
    seen,
    pages,
    imageUrlOf,
    downloaded,
    sink,
    taskOptions: { timeoutMs: settings.pageTimeoutMs },
    failures,
  })
  await sink.flush()

  const ranks = toc.ranks()
  const ordered = [...pages.values()].sort((a, b) => compareOrder(a.order, b.order))
  return {
    startUrl: startKey,
    scope,
    pages: ordered.map(({ record: _record, anchors: _anchors, ...kept }) => {
      const rank = ranks.get(kept.url)
      return rank === undefined ? kept : { ...kept, tocRank: rank }
    }),
    images: images.sort((a, b) => a.url.localeCompare(b.url)),
    failures,
    totalResources: attempts + imageIds.size,
    ...(limited ? { limited } : {}),
  }
}

/**
 * Rewrites the stored documents whose links must change now that the crawl is over: links to
 * pages that were not imported (back to their URL), to another name of a redirected page (to its
 * id), to an element id of a page whose heading anchor differs, and images that were not stored
 * (back to their URL). Only those documents are read, rewritten in the workers and stored again.
 * The pages' fix-up records are read a few at a time, so that neither they nor what changes are
 * ever held for the whole site.
 */
async function fixUp(
  kept: KeptPage[],
  context: {
    linkTargets: LinkTargets
    records: FixUpRecords
    pageIds: Map<string, string>
    seen: Map<string, string>
    pages: Map<string, KeptPage>
    imageUrlOf: Map<string, string>
    downloaded: Set<string>
    sink: ImportSink
    taskOptions: TaskOptions
    failures: CrawlFailure[]
  }
) {
  const { linkTargets, records, pageIds, seen, pages, imageUrlOf, downloaded, sink } = context
  /** The page an id of the documents lands on, if it was imported. */
  const landing = (id: string) => {
    const linkKey = pageIds.get(id)
    const finalKey = linkKey === undefined ? undefined : seen.get(linkKey)
    return finalKey === undefined ? undefined : pages.get(finalKey)
  }
  type PageMap = Record<string, { id: string; anchors?: Record<string, string> } | { url: string }>
  /** What the rewrite of a page's document changes; undefined when nothing. */
  const changesOf = (record: FixUpRecord) => {
    const pageMap: PageMap = {}
    const fileMap: Record<string, string> = {}
    for (const number of record.targets.pages) {
      const target = linkTargets.target(number)
      const [id, fragment] = target.split('#', 2) as [string, string | undefined]
      const to = landing(id)
      if (!to) {
        const url = pageIds.get(id)
        if (url) pageMap[id] = { url }
        continue
      }
      const anchorChanges =
        fragment !== undefined && to.anchors !== undefined && fragment in to.anchors
      if (to.id !== id || anchorChanges) {
        pageMap[id] = to.anchors ? { id: to.id, anchors: to.anchors } : { id: to.id }
      }
    }
    for (const number of record.targets.files) {
      const id = linkTargets.target(number)
      const url = downloaded.has(id) ? undefined : imageUrlOf.get(id)
      if (url) fileMap[id] = url
    }
    if (Object.keys(pageMap).length === 0 && Object.keys(fileMap).length === 0) return undefined
    return { pages: pageMap, files: fileMap }
  }
  const failed = (page: KeptPage, error: unknown) =>
    context.failures.push({
      url: page.url,
      kind: 'page',
      reason: `its links could not be updated (${reasonOf(error)}): some may be broken`,
    })
  type Due = { page: KeptPage; document: string; sites?: RewriteSites } & NonNullable<
    ReturnType<typeof changesOf>
  >
  /** A few documents read at a time (one query), rewritten in the workers, stored again. */
  const rewriteBatch = async (batch: Due[]) => {
    let stored: Map<string, { markdown: string; facts: DocumentFacts }>
    try {
      stored = await sink.readStored(batch.map((item) => item.document))
    } catch (error) {
      for (const item of batch) failed(item.page, error)
      return
    }
    const rewritten = await Promise.all(
      batch.map(async (item) => {
        const found = stored.get(item.document)
        if (!found) return new Error(`document ${item.document} is missing`)
        try {
          return await contentWorkers.rewrite(
            { ...found, sites: item.sites, pages: item.pages, files: item.files },
            context.taskOptions
          )
        } catch (error) {
          return error
        }
      })
    )
    stored.clear()
    for (const [index, item] of batch.entries()) {
      const result = rewritten[index]
      try {
        if (!result || result instanceof Error || !('markdown' in result)) throw result
        item.page.document = result.sections
          ? await sink.storeDocument(result.markdown, result.facts, result.sections)
          : await sink.storeRewritten(result.markdown, result.facts, item.document)
      } catch (error) {
        failed(item.page, error)
      }
    }
  }
  const withRecords = kept.filter(
    (page): page is KeptPage & { document: string; record: RecordPlace } =>
      page.document !== null && page.record !== undefined
  )
  const due: Due[] = []
  for (let at = 0; at < withRecords.length; at += FIX_UP_READ) {
    const chunk = withRecords.slice(at, at + FIX_UP_READ)
    const read = await records.read(chunk.map((page) => page.record))
    chunk.forEach((page, index) => {
      const changes = changesOf(read[index])
      if (!changes) return
      const sites = read[index].sites
      due.push({ page, document: page.document, ...(sites ? { sites } : {}), ...changes })
    })
    while (due.length >= FIX_UP_BATCH) await rewriteBatch(due.splice(0, FIX_UP_BATCH))
  }
  if (due.length > 0) await rewriteBatch(due)
}

/** Fix-up records read at once. */
const FIX_UP_READ = 64
/** Documents the final fix-up reads at once. */
const FIX_UP_BATCH = 16

/**
 * The site's table of contents merged from the pages' navigation: the first page's list, then each
 * page's entries not known yet inserted after the entry that precedes them in that page's list
 * (sidebars that expand the current branch add their branch in place). Linear in the entries.
 */
class TableOfContents {
  #next = new Map<string, string | null>()
  #head: string | null = null
  #tail: string | null = null
  #size = 0
  static readonly MAX = 50_000

  merge(keys: string[]) {
    let previous: string | null = null
    for (const entry of keys) {
      if (!this.#next.has(entry)) {
        if (this.#size >= TableOfContents.MAX) return
        this.#size++
        if (previous === null) {
          if (this.#head === null) {
            this.#head = entry
            this.#tail = entry
            this.#next.set(entry, null)
          } else {
            // Before everything known: only for the first entries of a later list.
            this.#next.set(entry, this.#head)
            this.#head = entry
          }
        } else {
          const after = this.#next.get(previous) ?? null
          this.#next.set(previous, entry)
          this.#next.set(entry, after)
          if (this.#tail === previous) this.#tail = entry
        }
      }
      previous = entry
    }
  }

  ranks(): Map<string, number> {
    const ranks = new Map<string, number>()
    for (let at = this.#head; at !== null && !ranks.has(at); at = this.#next.get(at) ?? null) {
      ranks.set(at, ranks.size)
    }
    return ranks
  }
}

/**
 * Runs the tasks `next` hands out, `concurrency` at a time, until it hands out none while none is
 * running (a running task may enqueue more work, so an empty queue is only final when idle).
 * `next` answers null when work waits for a running task to end (a host at its limit).
 */
function pool(concurrency: number, next: () => Promise<void> | null | undefined): Promise<void> {
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

function imageDimensions(bytes: Uint8Array) {
  try {
    const { width, height } = imageSize(bytes)
    return width && height ? { width, height } : undefined
  } catch {
    return undefined
  }
}

function fileName(url: string, extension: string): string {
  let last = ''
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')
  } catch {}
  const stem =
    last
      .replace(/[^\w.-]+/g, '-')
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

/** sha256 of bytes, hex (the key of a stored blob). */
export function blobHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export { NOT_PAGES }
