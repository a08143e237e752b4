/**
 * `!` escapes LIKE wildcards: both engines accept it in an ESCAPE clause (a backslash is read
 * differently by MySQL's string literals and SQLite's).
 */
function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[!%_]/g, (char) => `!${char}`)}%`
}

/**
 * Keeps rows where any of `columns` contains `term`, ignoring case, the same way on SQLite and
 * MySQL: `LOWER(column) LIKE pattern`, the pattern lowercased here with its wildcards escaped. (Lucid's `whereLike`
 * adds `COLLATE utf8_bin`, which MariaDB refuses on utf8mb4 columns.) `columns` are trusted SQL
 * identifiers, never user input. SQLite's LOWER folds ASCII letters only.
 */
export function whereContainsInsensitive<Query extends { where: (...args: any[]) => any }>(
  query: Query,
  columns: string[],
  term: string
): Query {
  const pattern = likeContains(term)
  query.where((group: any) => {
    for (const column of columns) {
      group.orWhereRaw(`LOWER(??) LIKE ? ESCAPE '!'`, [column, pattern])
    }
  })
  return query
}
