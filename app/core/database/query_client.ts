import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * The database or a transaction: anything a read can run on. Services take one so that a read can
 * join the caller's transaction.
 */
export type QueryClient = Pick<QueryClientContract, 'from'>
