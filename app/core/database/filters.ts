/**
 * Keeps rows where any of `columns` contains `term`, ignoring case (Unicode letters included) and
 * nothing else, the same way on SQLite and MySQL:
 * `LENGTH(REPLACE(LOWER(column), term, '')) < LENGTH(LOWER(column))`, the term lowercased here.
 * REPLACE matches bytes on both engines, so `%` and `_` are plain characters and accents count;
 * a LIKE would go through MySQL's collation, which also ignores accents (`e` would match `é`) as
 * SQLite never does. SQLite's own LOWER folds ASCII letters only; the SQLite connection replaces
 * it with `unicodeLower` (config/database.ts). `columns` are trusted SQL identifiers, never user
 * input; an empty `term` keeps every row.
 */
export function whereContainsInsensitive<Query extends { where: (...args: any[]) => any }>(
  query: Query,
  columns: string[],
  term: string
): Query {
  const needle = term.toLowerCase()
  if (needle === '') return query
  query.where((group: any) => {
    for (const column of columns) {
      group.orWhereRaw(`LENGTH(REPLACE(LOWER(??), ?, '')) < LENGTH(LOWER(??))`, [column, needle, column])
    }
  })
  return query
}

/**
 * SQLite's built-in LOWER folds ASCII letters only; this one folds every letter as JavaScript (and
 * MySQL) do. Registered on each SQLite connection under the built-in's name, so SQL stays the same
 * on both engines.
 */
export function unicodeLower(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value.toLowerCase()
  if (Buffer.isBuffer(value)) return value
  return String(value).toLowerCase()
}
