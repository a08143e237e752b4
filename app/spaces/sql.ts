/**
 * What the two engines' drivers answer differs in shape; these read both the same way.
 */

/**
 * Rows of a raw query: mysql2 answers [rows, fields], better-sqlite3 the rows.
 */
export function rowsOf(result: any): any[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result
}

/**
 * Rows changed by an update or delete: a number, or a one-element array depending on the driver.
 */
export function affectedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result)
}
