import string from '@adonisjs/core/helpers/string'
import { Redis } from 'ioredis'
import { RateLimiterRedis } from 'rate-limiter-flexible'
import RateLimiterBridge from '@adonisjs/limiter/stores/bridge'
import type { LimiterConsumptionOptions, LimiterManagerStoreFactory } from '@adonisjs/limiter/types'

const KEY_PREFIX = 'bindery_rate_limits'

/**
 * Rate-limit counters in Redis (REDIS_URL), shared by every process like the database store, at
 * the cost of one round trip instead of a row write. @adonisjs/limiter's own Redis store needs
 * @adonisjs/redis and its provider; Bindery already speaks to Redis through ioredis (BullMQ), so this
 * store wraps rate-limiter-flexible's Redis limiter with the limiter's own bridge instead. One client
 * per process, opened on first use.
 */
export function redisLimiterStore(redisUrl: string | undefined) {
  let client: Redis | undefined
  const factory: LimiterManagerStoreFactory = (options: LimiterConsumptionOptions) => {
    if (!redisUrl) throw new Error('The redis rate-limit store needs REDIS_URL')
    client ??= new Redis(redisUrl, { maxRetriesPerRequest: 1 })
    return new RedisLimiterStore(client, options)
  }
  return Object.assign(factory, {
    /** Closes the client, if one was opened (an open connection keeps the process alive). */
    async disconnect() {
      await client?.quit()
      client = undefined
    },
  })
}

class RedisLimiterStore extends RateLimiterBridge {
  get name() {
    return 'redis'
  }

  constructor(
    private client: Redis,
    options: LimiterConsumptionOptions
  ) {
    super(
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: KEY_PREFIX,
        points: options.requests,
        duration: string.seconds.parse(options.duration),
        inMemoryBlockOnConsumed: options.inMemoryBlockOnConsumed,
        blockDuration: options.blockDuration
          ? string.seconds.parse(options.blockDuration)
          : undefined,
      })
    )
  }

  /** Removes Bindery's counters only (never FLUSHDB: the database may hold BullMQ's queues). */
  async clear() {
    this.deleteInMemoryBlockedKeys()
    let cursor = '0'
    do {
      const [next, keys] = await this.client.scan(cursor, 'MATCH', `${KEY_PREFIX}:*`, 'COUNT', 500)
      if (keys.length > 0) await this.client.del(...keys)
      cursor = next
    } while (cursor !== '0')
  }
}
