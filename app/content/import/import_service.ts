import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import {
  blobHash,
  crawl,
  definedOnly,
  StartPageError,
  type CrawlOptions,
} from '#content/import/crawler'
import { buildImportPlan, type ImportPlanOptions } from '#content/import/import_plan'
import { SpillFile, type SpillPlace } from '#content/import/spill_file'
import { parseAllowedHosts, SsrfGuard, SsrfRefusedError } from '#content/import/ssrf_guard'
import type { ImportPlan, ImportSink } from '#content/import/types'
import type { DocumentFacts } from '#content/import/page_worker'
import type { Section } from '#content/search/sections'
import ContentStore, { makeObject, type StoredObject } from '#content/services/content_store'
import { factsKey } from '#content/services/document_facts'
import { blobKey } from '#content/services/authoring_service'

export const IMPORT_SOURCES = ['website', 'file'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]
export const SUPPORTED_IMPORT_SOURCES: readonly ImportSource[] = ['website']

/**
 * The SSRF guard of every server-side fetch of user-given URLs (imports, `insert_files` by url):
 * private and loopback addresses refused unless IMPORT_ALLOWED_HOSTS lists them.
 */
export function configuredGuard(): SsrfGuard {
  return new SsrfGuard({ allowedHosts: parseAllowedHosts(env.get('IMPORT_ALLOWED_HOSTS')) })
}

/** Defaults of the two kinds of import (README, .env.example). */
export const IMPORT_LIMITS = {
  run: { maxPages: 5000, timeBudgetSeconds: 1800 },
  sync: { maxPages: 200, timeBudgetSeconds: 60 },
}

/**
 * The bounds of an import: background runs take IMPORT_MAX_PAGES (5,000) pages within
 * IMPORT_TIME_BUDGET (1,800 s); the synchronous endpoint holds a request open, so it takes at most
 * IMPORT_SYNC_MAX_PAGES (200) within IMPORT_SYNC_TIME_BUDGET (60 s), never more than a run.
 * Concurrency (IMPORT_CONCURRENCY, IMPORT_CONCURRENCY_PER_HOST) and the per-page conversion
 * deadline (IMPORT_PAGE_TIMEOUT, seconds) are shared.
 */
export function importLimits(kind: 'run' | 'sync'): CrawlOptions {
  const runPages = setting('IMPORT_MAX_PAGES') ?? IMPORT_LIMITS.run.maxPages
  const runBudget = setting('IMPORT_TIME_BUDGET') ?? IMPORT_LIMITS.run.timeBudgetSeconds
  const pages =
    kind === 'run'
      ? runPages
      : Math.min(runPages, setting('IMPORT_SYNC_MAX_PAGES') ?? IMPORT_LIMITS.sync.maxPages)
  const budget =
    kind === 'run'
      ? runBudget
      : Math.min(
          runBudget,
          setting('IMPORT_SYNC_TIME_BUDGET') ?? IMPORT_LIMITS.sync.timeBudgetSeconds
        )
  const pageTimeout = setting('IMPORT_PAGE_TIMEOUT')
  return definedOnly({
    maxPages: pages,
    timeBudgetMs: budget * 1000,
    // Runs store their images in Drive as they come: a whole manual's figures, not 20 MB.
    maxImageBytes: kind === 'run' ? 1024 * 1024 * 1024 : undefined,
    concurrency: setting('IMPORT_CONCURRENCY'),
    perHost: setting('IMPORT_CONCURRENCY_PER_HOST'),
    pageTimeoutMs: pageTimeout === undefined ? undefined : pageTimeout * 1000,
  })
}

type ImportSetting =
  | 'IMPORT_MAX_PAGES'
  | 'IMPORT_TIME_BUDGET'
  | 'IMPORT_SYNC_MAX_PAGES'
  | 'IMPORT_SYNC_TIME_BUDGET'
  | 'IMPORT_PAGE_TIMEOUT'
  | 'IMPORT_CONCURRENCY'
  | 'IMPORT_CONCURRENCY_PER_HOST'

/** A positive number from the environment, or undefined (unset or not a number). */
function setting(name: ImportSetting): number | undefined {
  const value = Number(env.get(name))
  return Number.isFinite(value) && value > 0 ? value : undefined
}

/** The time budget of background runs, in milliseconds. */
export function importTimeBudgetMs(): number {
  return importLimits('run').timeBudgetMs ?? IMPORT_LIMITS.run.timeBudgetSeconds * 1000
}

export type PlanOptions = CrawlOptions &
  ImportPlanOptions & {
    /** Where pages and files are stored (the space's content objects and Drive by default). */
    sink?: ImportSink
  }

/** Objects buffered before a write: a few pages' documents and facts. */
const BUFFERED_OBJECTS = 64
const BUFFERED_CHARACTERS = 4_000_000

/**
 * Where an import into a space stores as it goes: documents and their link facts as content
 * objects of the space (buffered, written in small batches outside any transaction: objects are
 * content-addressed, harmless until a revision points at them), file bytes in Drive.
 */
export class SpaceImportSink implements ImportSink {
  #buffer: StoredObject[] = []
  #characters = 0
  #store = new ContentStore()
  /** Search sections kept aside in a temporary file until the batch's revision becomes current. */
  #spill?: { file: SpillFile; at: Map<string, SpillPlace> }

  constructor(private spaceId: string) {}

  async storeDocument(markdown: string, facts: DocumentFacts, sections?: Section[]) {
    const document = makeObject('document', markdown)
    if (sections) this.#keep(document.hash, sections)
    this.#buffer.push(document, {
      kind: 'links',
      hash: factsKey(document.hash),
      body: JSON.stringify(facts),
    })
    this.#characters += markdown.length
    if (this.#buffer.length >= BUFFERED_OBJECTS || this.#characters >= BUFFERED_CHARACTERS) {
      await this.flush()
    }
    return document.hash
  }

  async readStored(hashes: string[]) {
    await this.flush()
    const keys = hashes.flatMap((hash) => [hash, factsKey(hash)])
    const found = await this.#store.readObjects(db.connection(), this.spaceId, keys)
    const stored = new Map<string, { markdown: string; facts: DocumentFacts }>()
    for (const hash of hashes) {
      const markdown = found.get(hash)
      const facts = found.get(factsKey(hash))
      if (markdown !== undefined && facts !== undefined) {
        stored.set(hash, { markdown, facts: JSON.parse(facts) })
      }
    }
    return stored
  }

  async storeRewritten(markdown: string, facts: DocumentFacts, original: string) {
    const hash = await this.storeDocument(markdown, facts)
    const place = this.#spill?.at.get(original)
    if (place && !this.#spill!.at.has(hash)) this.#spill!.at.set(hash, place)
    return hash
  }

  async storeBlob(bytes: Uint8Array): Promise<string> {
    const hash = blobHash(bytes)
    const disk = drive.use()
    const key = blobKey(this.spaceId, hash)
    if (!(await disk.exists(key))) await disk.put(key, bytes)
    return hash
  }

  #keep(hash: string, sections: Section[]) {
    this.#spill ??= { file: new SpillFile('import'), at: new Map() }
    const spill = this.#spill
    if (spill.at.has(hash)) return
    spill.at.set(hash, spill.file.append(Buffer.from(`${JSON.stringify(sections)}\n`)))
  }

  async sectionsOf(documents: string[]): Promise<Map<string, Section[]>> {
    const found = new Map<string, Section[]>()
    const spill = this.#spill
    if (!spill) return found
    const kept = [...new Set(documents)].filter((hash) => spill.at.has(hash))
    const records = await spill.file.read(kept.map((hash) => spill.at.get(hash)!))
    kept.forEach((hash, index) => {
      found.set(hash, JSON.parse(Buffer.from(records[index]).toString('utf8')))
    })
    return found
  }

  async close() {
    const spill = this.#spill
    this.#spill = undefined
    await spill?.file.remove()
  }

  async flush() {
    const objects = this.#buffer
    this.#buffer = []
    this.#characters = 0
    if (objects.length > 0) await this.#store.writeObjects(db.connection(), this.spaceId, objects)
  }
}

/**
 * Website imports: crawl, convert (in worker threads), store and plan the authoring batch.
 * Applying the batch is the authoring service's job (see the import controllers and runs).
 *
 * A start URL that cannot be imported is a 400 naming `url`: refused by the SSRF guard, unreachable,
 * timed out, answering an HTTP error, too large, not HTML, or not convertible. (It is the caller's
 * input that is wrong or unusable; GitBook's error body has no richer code than the status.)
 */
export default class ImportService {
  async crawlAndPlan(url: string, spaceId: string, options: PlanOptions = {}): Promise<ImportPlan> {
    try {
      return await this.plan(url, spaceId, { ...importLimits('sync'), ...definedOnly(options) })
    } catch (error) {
      if (error instanceof StartPageError) throw unusableUrl(error.message, error.reason)
      throw error
    }
  }

  /**
   * The crawl and its batch, as crawlAndPlan does it (with the background runs' bounds unless
   * options say otherwise), the start page's failure left as the StartPageError it is (background
   * import runs record its message as their reason).
   */
  async plan(url: string, spaceId: string, options: PlanOptions = {}): Promise<ImportPlan> {
    const { sink: given, ...crawlOptions } = options
    const sink = given ?? new SpaceImportSink(spaceId)
    const guard = options.guard ?? configuredGuard()
    try {
      const result = await crawl(url, sink, {
        ...importLimits('run'),
        ...definedOnly(crawlOptions),
        guard,
      })
      return await buildImportPlan(result, { ...options, sink })
    } catch (error) {
      await sink.close?.()
      throw error
    }
  }

  /**
   * Refuses up front (400 naming `url`) a start URL the SSRF guard refuses, before a background
   * run is recorded for it. Reachability is the run's to find out.
   */
  async checkUrl(url: string, guard: SsrfGuard = configuredGuard()) {
    try {
      await guard.check(url)
    } catch (error) {
      if (error instanceof SsrfRefusedError) throw unusableUrl(error.message, 'refused')
      throw error
    }
  }
}

function unusableUrl(message: string, reason: string) {
  return BadRequestException.invalid({
    field: 'url',
    message: `The URL cannot be imported: ${message}`,
    rule: `import.${reason}`,
  })
}
