/**
 * What the two engines' drivers answer for a raw query differs in shape; this reads both the same
 * way.
 */

/** Rows of a raw query: mysql2 answers [rows, fields], better-sqlite3 the rows. */
export function rowsOf(result: any): any[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result
}
