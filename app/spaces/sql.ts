/**
 * What the two engines' drivers answer differs in shape; these read both the same way.
 */

export { rowsOf } from '#core/database/rows'

/**
 * Rows changed by an update or delete: a number, or a one-element array depending on the driver.
 */
export function affectedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result)
}
