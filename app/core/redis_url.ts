/**
 * `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS) as ioredis options: the one
 * REDIS_URL serves the job queue, the session store and the rate limits alike.
 */
export function redisOptionsFromUrl(redisUrl: string) {
  const url = new URL(redisUrl)
  const db = Number(url.pathname.slice(1) || 0)
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(Number.isInteger(db) && db > 0 ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  }
}
