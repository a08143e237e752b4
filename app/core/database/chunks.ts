/** Values of one `whereIn` list: well under SQLite's bound-variable limit. */
export const WHERE_IN_CHUNK = 500

/**
 * `values` cut into consecutive slices of at most `size` (none for an empty list), for lists too
 * long for one statement's bound variables.
 */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  const result: T[][] = []
  for (let i = 0; i < values.length; i += size) result.push(values.slice(i, i + size))
  return result
}

/**
 * `rows` cut into statements of at most `maxRows` rows holding at most about `maxChars` characters
 * (`size` of a row; a row larger than that is a statement alone). On SQLite a statement runs
 * synchronously: its bound text is copied, written to the log and indexed while the event loop
 * waits, so a statement's size is what it may hold the loop.
 */
export function chunksBySize<T>(
  rows: readonly T[],
  maxRows: number,
  maxChars: number,
  size: (row: T) => number
): T[][] {
  const result: T[][] = []
  let current: T[] = []
  let chars = 0
  for (const row of rows) {
    const rowChars = size(row)
    if (current.length > 0 && (current.length >= maxRows || chars + rowChars > maxChars)) {
      result.push(current)
      current = []
      chars = 0
    }
    current.push(row)
    chars += rowChars
  }
  if (current.length > 0) result.push(current)
  return result
}
