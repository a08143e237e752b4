import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Rate-limit counters are shared by every Bindery process behind a load balancer: in Redis when
 * REDIS_URL is set, else in the database. Tests use the memory store (their database work runs
 * inside rolled-back transactions).
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    database: stores.database({ tableName: 'rate_limits' }),
    memory: stores.memory({}),
    // The connection of config/redis.ts (REDIS_URL), shared with the session store.
    redis: stores.redis({ connectionName: 'main' }),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
