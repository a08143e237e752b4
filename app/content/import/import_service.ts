import env from '#start/env'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import { crawl, definedOnly, StartPageError, type CrawlOptions } from '#content/import/crawler'
import { buildImportPlan, type ImportPlanOptions } from '#content/import/import_plan'
import { parseAllowedHosts, SsrfGuard } from '#content/import/ssrf_guard'
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
    const guard = options.guard ?? configuredGuard()
    try {
      const result = await crawl(url, {
        maxPages: env.get('IMPORT_MAX_PAGES'),
        timeBudgetMs:
          env.get('IMPORT_TIME_BUDGET') === undefined
            ? undefined
            : env.get('IMPORT_TIME_BUDGET')! * 1000,
        ...definedOnly(options),
        guard,
      })
      return buildImportPlan(result, options)
    } catch (error) {
      if (error instanceof StartPageError) {
        throw BadRequestException.invalid({
          field: 'url',
          message: `The URL cannot be imported: ${error.message}`,
          rule: `import.${error.reason}`,
        })
      }
      throw error
    }
  }
}
