import env from '#start/env'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import { crawl, definedOnly, StartPageError, type CrawlOptions } from '#content/import/crawler'
import { buildImportPlan, type ImportPlanOptions } from '#content/import/import_plan'
import { parseAllowedHosts, SsrfGuard, SsrfRefusedError } from '#content/import/ssrf_guard'
import type { ImportPlan } from '#content/import/types'

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

/**
 * Website imports without the database: crawl, convert, plan the authoring batch. Applying the
 * batch is the authoring service's job (see the import controllers).
 *
 * A start URL that cannot be imported is a 400 naming `url`: refused by the SSRF guard, unreachable,
 * timed out, answering an HTTP error, too large or not HTML. (It is the caller's input that is
 * wrong or unusable; GitBook's error body has no richer code than the status.)
 */
export default class ImportService {
  async crawlAndPlan(
    url: string,
    options: CrawlOptions & ImportPlanOptions = {}
  ): Promise<ImportPlan> {
    try {
      return await this.plan(url, options)
    } catch (error) {
      if (error instanceof StartPageError) throw unusableUrl(error.message, error.reason)
      throw error
    }
  }

  /**
   * The crawl and its batch, as crawlAndPlan does it, the start page's failure left as the
   * StartPageError it is (background import runs record its message as their reason).
   */
  async plan(url: string, options: CrawlOptions & ImportPlanOptions = {}): Promise<ImportPlan> {
    const guard = options.guard ?? configuredGuard()
    const result = await crawl(url, {
      maxPages: env.get('IMPORT_MAX_PAGES'),
      timeBudgetMs: importTimeBudgetMs(),
      ...definedOnly(options),
      guard,
    })
    return buildImportPlan(result, options)
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

/** IMPORT_TIME_BUDGET (seconds) in milliseconds, if set. */
export function importTimeBudgetMs(): number | undefined {
  const seconds = env.get('IMPORT_TIME_BUDGET')
  return seconds === undefined ? undefined : seconds * 1000
}

function unusableUrl(message: string, reason: string) {
  return BadRequestException.invalid({
    field: 'url',
    message: `The URL cannot be imported: ${message}`,
    rule: `import.${reason}`,
  })
}
