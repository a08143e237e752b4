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
