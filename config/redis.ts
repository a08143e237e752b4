import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'
import { redisOptionsFromUrl } from '#core/redis_url'

const redisUrl = env.get('REDIS_URL')

/**
 * Redis serves console sessions when REDIS_URL is set (see config/session.ts); connections open on
 * first use, so a server without REDIS_URL never dials it.
 */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      ...(redisUrl ? redisOptionsFromUrl(redisUrl) : {}),
      lazyConnect: true,
      retryStrategy(times: number) {
        return times > 10 ? null : times * 50
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
