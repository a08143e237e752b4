/**
 * A write refused by a unique index, on either engine (MySQL's ER_DUP_ENTRY, SQLite's constraint
 * codes): the loser of a race that a read-then-insert cannot close.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT')
}

/**
 * A transaction that lost a race for locks and was rolled back whole: MySQL's deadlock and lock
 * wait timeout, SQLite's busy. Sending it again is safe — nothing of it was written.
 */
export function isLockConflict(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY'
}

/** Attempts of a transaction that keeps losing lock races, before the conflict is answered. */
export const LOCK_CONFLICT_ATTEMPTS = 4

/**
 * Runs `transaction` (which must open its own transaction) again when it loses a lock race, up to
 * LOCK_CONFLICT_ATTEMPTS times with a short random wait, as InnoDB asks ("try restarting
 * transaction"). Other failures, and the last conflict, are thrown as they are.
 */
export async function retryOnLockConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction()
    } catch (error) {
      if (!isLockConflict(error) || attempt >= LOCK_CONFLICT_ATTEMPTS) throw error
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt))
    }
  }
}
