import vine from '@vinejs/vine'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import { toSqlTimestamp } from '#core/database/timestamps'

export const DEFAULT_PAGE_SIZE = 100
export const MAX_PAGE_SIZE = 1000

/**
 * Query parameters every list accepts (`page`, `limit`); spread into each list's validator.
 */
export const listQuery = {
  page: vine.string().trim().maxLength(1024).optional(),
  limit: vine.number().withoutDecimals().range([1, MAX_PAGE_SIZE]).optional(),
}

export type ListQuery = { page?: string; limit?: number }

/**
 * The query of a list that takes nothing but `page` and `limit`.
 */
export const listQueryValidator = vine.compile(vine.object(listQuery))

export type ListEnvelope<T> = { items: T[]; count: number; next?: { page: string } }

/**
 * One column of a keyset order. `column` is the SQL column (qualified when joins are involved), `key`
 * the property of a row that holds its value.
 */
export type KeysetColumn = { column: string; key: string }

type AnyQuery = DatabaseQueryBuilderContract<any>

/**
 * Keyset pagination over a query-builder query (plain rows, no model hydration): the cursor holds
 * the order-key values of the last row of a page, and the next page starts strictly after them.
 * Cost per page is constant, and rows inserted meanwhile are neither skipped nor repeated. Every
 * order must end with a unique column (the id) to be total.
 *
 * `count` is the size of the whole list under the same filters.
 */
export async function paginate<Row extends Record<string, any>>(
  query: AnyQuery,
  options: ListQuery & { order: KeysetColumn[]; direction?: 'asc' | 'desc' }
): Promise<{ rows: Row[]; count: number; next?: { page: string } }> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE
  const direction = options.direction ?? 'asc'
  const countQuery = query.clone()

  const after = options.page ? decodeCursor(options.page, options.order.length) : null
  const pageQuery = query
    .if(after, (q) => applyKeyset(q, options.order, after!, direction))
    .orderBy(options.order.map(({ column }) => ({ column, order: direction })))
    .limit(limit + 1)

  const [rows, total] = await Promise.all([pageQuery.exec(), countRows(countQuery)])
  const list = rows as Row[]
  const hasMore = list.length > limit
  const pageRows = hasMore ? list.slice(0, limit) : list
  const last = pageRows[pageRows.length - 1]
  return {
    rows: pageRows,
    count: total,
    next:
      hasMore && last
        ? { page: encodeCursor(options.order.map(({ key }) => last[key])) }
        : undefined,
  }
}

/**
 * The list envelope of the wire format; `next` is absent on the last page.
 */
export function listEnvelope<T>(
  items: T[],
  count: number,
  next?: { page: string }
): ListEnvelope<T> {
  return next ? { items, count, next } : { items, count }
}

/**
 * The list envelope of one page (as paginate and the services return it) whose items the caller
 * has serialized.
 */
export function pageEnvelope<T>(
  items: T[],
  page: { count: number; next?: { page: string } }
): ListEnvelope<T> {
  return listEnvelope(items, page.count, page.next)
}

/**
 * Keyset pagination over a list already in memory and in its final order (a site's few sections,
 * say): the cursor holds the id of the last item of a page. An id no longer in the list is a 400,
 * like any cursor that names nothing.
 */
export function paginateList<T extends { id: string }>(
  items: T[],
  query: ListQuery
): { rows: T[]; count: number; next?: { page: string } } {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE
  let start = 0
  if (query.page) {
    const [id] = decodeCursor(query.page, 1)
    start = items.findIndex((item) => item.id === id) + 1
    if (start === 0) {
      throw BadRequestException.invalid({
        field: 'page',
        message: `"${query.page.slice(0, 64)}" is not a valid page cursor`,
      })
    }
  }
  const rows = items.slice(start, start + limit)
  const hasMore = start + limit < items.length
  return {
    rows,
    count: items.length,
    next: hasMore ? { page: encodeCursor([rows[rows.length - 1].id]) } : undefined,
  }
}

async function countRows(query: AnyQuery): Promise<number> {
  const result = await query.clearOrder().clearSelect().count('* as total')
  return Number(result[0]?.total ?? 0)
}

/**
 * (c1, c2, ...) > (v1, v2, ...) written out as nested OR/AND; row-value comparison syntax is not
 * portable. The leading `c1 >= v1`, implied by the rest, is what lets both engines seek the index
 * to the cursor: SQLite plans the OR alone as a scan from the list's start that skips every row
 * before the cursor, so late pages would cost more than early ones.
 */
function applyKeyset(query: AnyQuery, order: KeysetColumn[], values: unknown[], direction: string) {
  const op = direction === 'asc' ? '>' : '<'
  return query
    .where(order[0].column, `${op}=`, values[0] as string | number)
    .where((outer: any) => {
      for (let i = 0; i < order.length; i++) {
        outer.orWhere((inner: any) => {
          for (let j = 0; j < i; j++) inner.where(order[j].column, values[j])
          inner.where(order[i].column, op, values[i])
        })
      }
    })
}

function encodeCursor(values: unknown[]): string {
  const normalized = values.map((value) => (value instanceof Date ? toSqlTimestamp(value) : value))
  return Buffer.from(JSON.stringify(normalized)).toString('base64url')
}

function decodeCursor(page: string, length: number): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'))
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      return values
    }
  } catch {}
  throw BadRequestException.invalid({
    field: 'page',
    message: `"${page.slice(0, 64)}" is not a valid page cursor`,
  })
}
