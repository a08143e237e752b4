/**
 * A write refused by a unique index, on either engine (MySQL's ER_DUP_ENTRY, SQLite's constraint
 * codes): the loser of a race that a read-then-insert cannot close.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT')
}
