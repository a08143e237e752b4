import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Rate-limit counters live in the database, so every Bindery process behind a load balancer shares
 * them; tests use the memory store (their database work runs inside rolled-back transactions).
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', 'database'),
  stores: {
    database: stores.database({ tableName: 'rate_limits' }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
