import type { Request } from '@adonisjs/core/http'
import { singleValuedQuery } from '#core/http/validation'
import type { ListEnvelope } from '#core/http/pagination'

/**
 * Rows a console list shows per page unless its query's `limit` says otherwise.
 */
const PAGE_SIZE = 50

/**
 * A console list's query string through the API list's validator (one value per parameter, as the
 * API takes it), with the console's page size.
 */
export async function listQueryOf<Query extends { limit?: number }>(
  validator: { validate(data: unknown): Promise<Query> },
  request: Request
): Promise<Query & { limit: number }> {
  const query = await validator.validate(singleValuedQuery(request.qs()))
  return { ...query, limit: query.limit ?? PAGE_SIZE }
}

/**
 * A keyset page's size of the whole list and cursor of the next page (null on the last one).
 */
export function pageProps(page: ListEnvelope<unknown>) {
  return { count: page.count, nextPage: page.next?.page ?? null }
}
