import { BadRequestException } from '#core/exceptions/api_exceptions'
import { FetchError, guardedFetch } from '#content/import/http_fetch'
import { configuredGuard } from '#content/import/import_service'
import {
  InvalidOpenAPIDocument,
  MAX_DOCUMENT_BYTES,
  describeProblem,
  parseOpenAPI,
  type ParsedOpenAPI,
} from '#openapi/services/openapi_document'

/** Where a specification's document comes from: the request's `source`. */
export type OpenAPISource = { url: string; text?: undefined } | { text: string; url?: undefined }

/** Time allowed to fetch a document by URL, redirects included. */
export const FETCH_TIMEOUT_MS = 10_000

/**
 * The document of a source, parsed and validated: text as given, a URL fetched through the import's
 * SSRF guard (private and loopback addresses refused unless IMPORT_ALLOWED_HOSTS lists them; every
 * redirect checked; at most MAX_DOCUMENT_BYTES and FETCH_TIMEOUT_MS). Anything unusable is a 400
 * naming `source.text` or `source.url` with the parser's or the fetch's reasons.
 */
export async function readSource(source: OpenAPISource): Promise<ParsedOpenAPI & { url?: string }> {
  const field = source.url !== undefined ? 'source.url' : 'source.text'
  const text = source.url !== undefined ? await fetchDocument(source.url) : source.text
  try {
    return { ...(await parseOpenAPI(text)), url: source.url }
  } catch (error) {
    if (!(error instanceof InvalidOpenAPIDocument)) throw error
    const more = error.total - error.problems.length
    throw BadRequestException.invalid({
      field,
      message: `is not a valid OpenAPI document: ${error.problems.map(describeProblem).join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`,
    })
  }
}

async function fetchDocument(url: string): Promise<string> {
  try {
    const fetched = await guardedFetch(url, {
      guard: configuredGuard(),
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_DOCUMENT_BYTES,
      accept: 'application/json, application/yaml, text/yaml, text/plain;q=0.5, */*;q=0.1',
    })
    return fetched.body.toString('utf8')
  } catch (error) {
    if (!(error instanceof FetchError)) throw error
    throw BadRequestException.invalid({
      field: 'source.url',
      message: `could not be fetched: ${error.message}`,
    })
  }
}
