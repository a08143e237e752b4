/**
 * Keeps rows where any of `columns` contains `term`, ignoring case (Unicode letters included) and
 * nothing else, the same way on SQLite and MySQL:
 * `LENGTH(REPLACE(LOWER(column), LOWER(term), '')) < LENGTH(LOWER(column))`: the database lowers
 * both sides with the same function.
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
  if (term === '') return query
  query.where((group: any) => {
    for (const column of columns) {
      group.orWhereRaw(`LENGTH(REPLACE(LOWER(??), LOWER(?), '')) < LENGTH(LOWER(??))`, [
        column,
        term,
        column,
      ])
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
  // Letter by letter, as MySQL's LOWER does (JavaScript's would make a word-final Σ a ς).
  if (typeof value === 'string') return Array.from(value, (char) => char.toLowerCase()).join('')
  if (Buffer.isBuffer(value)) return value
  return String(value).toLowerCase()
}
