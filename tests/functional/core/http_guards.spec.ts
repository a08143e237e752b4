import { test } from '@japa/runner'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import limiter from '@adonisjs/limiter/services/main'
import redis from '@adonisjs/redis/services/main'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { apiRateLimits } from '#core/http/api_rate_limits'
import { newId } from '#core/ids'

/** `{"a":{"a":...}}` nested `levels` deep. */
function nested(levels: number) {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
}

/**
 * Sends the headers of a POST announcing `announced` bytes and only `sent` of them, and resolves
 * with the answer: a server that reads bodies before authenticating would wait for the rest.
 */
function postPartialBody(path: string, announced: number, sent: number) {
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now()
    const req = httpRequest(
      {
        host: env.get('HOST'),
        port: env.get('PORT'),
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', 'Content-Length': announced },
      },
      (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => {
          resolve({ status: res.statusCode!, body, ms: Date.now() - started })
          req.destroy()
        })
      }
    )
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error)
    })
    req.setTimeout(5000, () => reject(new Error('no answer within 5 s: the body was awaited')))
    req.write('{"title":"' + 'x'.repeat(sent - 10))
  })
}

test.group('HTTP guards: request bodies', (group) => {
  eachTestInTransaction(group)

  test('JSON nested 2,800 levels deep is a 400 in the error shape, not a 500', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    const response = await client
      .post('/v1/orgs')
      .bearerToken(caller.token)
      .header('Content-Type', 'application/json')
      .json(nested(2800))
    response.assertStatus(400)
    assert.deepEqual(response.body(), {
      error: { code: 400, message: 'Malformed request body: JSON nested deeper than 512 levels' },
    })
  })

  test('without a token deep JSON is refused by authentication, before the body is read', async ({
    client,
  }) => {
    const response = await client
      .post('/v1/orgs')
      .header('Content-Type', 'application/json')
      .json(nested(2800))
    response.assertStatus(401)
  })

  test('512 levels are accepted; brackets inside strings do not count', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    const deepInString = '['.repeat(5000)
    const response = await client
      .post('/v1/orgs')
      .bearerToken(caller.token)
      .header('Content-Type', 'application/json')
      .json(`{"title":"Deep ${'{'.repeat(10)}","x":${nested(511)},"y":"${deepInString}"}`)
    assert.notEqual(response.status(), 500)
    assert.notInclude(JSON.stringify(response.body()), 'nested deeper')
  })

  test('deep JSON posted to the console is refused, not a 500', async ({ client, assert }) => {
    const response = await client
      .post('/console/login')
      .header('Content-Type', 'application/json')
      .json(nested(2800))
      .redirects(0)
    assert.isBelow(response.status(), 500)
  })

  test('an unauthenticated 7.7 MB body is a 401 at once, without the body being read', async ({
    assert,
  }) => {
    const answer = await postPartialBody('/v1/orgs', 7_700_000, 64 * 1024)
    assert.equal(answer.status, 401)
    assert.equal(JSON.parse(answer.body).error.code, 401)
    assert.isBelow(answer.ms, 2000)
  })

  test('a body over the route limit is a 413 in the error shape, before it is read', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    const response = await client
      .post('/v1/orgs')
      .bearerToken(caller.token)
      .json({ title: 'Docs', padding: 'x'.repeat(1100 * 1024) })
    response.assertStatus(413)
    assert.deepEqual(response.body(), {
      error: {
        code: 413,
        message: 'The request body is larger than the 1 MB this endpoint accepts',
      },
    })
  })

  test("a multipart body over 1 MB is a 413 on /v1 (uploads are the console editor's)", async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    const response = await client
      .post('/v1/orgs')
      .bearerToken(caller.token)
      .file('file', Buffer.alloc(1200 * 1024, 'x'), { filename: 'big.txt' })
    response.assertStatus(413)
    assert.equal(response.body().error.code, 413)
  })

  test('routes that state a larger limit take bodies over 1 MB', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await client
      .post(`/v1/orgs/${caller.organizationId}/openapi`)
      .bearerToken(caller.token)
      .json({ slug: 'big', source: { text: 'x'.repeat(1500 * 1024) } })
    assert.notEqual(response.status(), 413)
  })
})

test.group('HTTP guards: rate limits', (group) => {
  eachTestInTransaction(group)
  const saved = { ...apiRateLimits }
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    return () => {
      Object.assign(apiRateLimits, saved)
    }
  })

  test('a burst over the token budget is a 429 with Retry-After and X-RateLimit-*', async ({
    client,
    assert,
  }) => {
    apiRateLimits.perToken = 3
    const caller = await createCaller()
    const statuses: number[] = []
    let first
    let last
    for (let i = 0; i < 5; i++) {
      const response = await client.get('/v1/user').bearerToken(caller.token)
      statuses.push(response.status())
      first ??= response
      last = response
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429])
    assert.equal(first!.header('x-ratelimit-limit'), '3')
    assert.equal(first!.header('x-ratelimit-remaining'), '2')
    assert.equal(last!.header('x-ratelimit-limit'), '3')
    assert.equal(last!.header('x-ratelimit-remaining'), '0')
    const retryAfter = Number(last!.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 60)
    const reset = Number(last!.header('x-ratelimit-reset'))
    assert.closeTo(reset, Math.ceil(Date.now() / 1000) + retryAfter, 2)
    assert.equal(last!.body().error.code, 429)
    assert.match(last!.body().error.message, /rate limit exceeded.*try again in \d+ seconds/)

    // Another token keeps its own budget.
    const other = await createCaller()
    const response = await client.get('/v1/user').bearerToken(other.token)
    response.assertStatus(200)
  })

  test('unauthenticated requests count against the address budget', async ({ client, assert }) => {
    apiRateLimits.perIp = 2
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const response = await client.get('/v1/user')
      statuses.push(response.status())
    }
    assert.deepEqual(statuses, [401, 401, 429])

    // The address budget is spent: a valid token does not help.
    const caller = await createCaller()
    const response = await client.get('/v1/user').bearerToken(caller.token)
    response.assertStatus(429)
    assert.isAbove(Number(response.header('retry-after')), 0)
  })

  test('a budget of 0 turns the limit off', async ({ client, assert }) => {
    apiRateLimits.perToken = 0
    apiRateLimits.perIp = 0
    const caller = await createCaller()
    const response = await client.get('/v1/user').bearerToken(caller.token)
    response.assertStatus(200)
    assert.isUndefined(response.header('x-ratelimit-limit'))
  })

  test('the Redis store counts in Redis, shared by every process using it', async ({
    assert,
    cleanup,
  }) => {
    // An open connection would keep the test process alive after the run.
    cleanup(() => redis.quitAll())
    const first = limiter.use('redis', { requests: 2, duration: '1 minute' })
    const second = limiter.use('redis', { requests: 2, duration: '1 minute' })
    const key = `test_${newId()}`
    await first.consume(key)
    await second.consume(key)
    await assert.rejects(() => first.consume(key), /Too many requests/)
    await first.delete(key)
    const response = await second.consume(key)
    assert.equal(response.remaining, 1)
    await first.delete(key)
  }).skip(async () => !(await redisReachable()), 'Redis is not listening on 127.0.0.1:6379')
})

test.group('HTTP guards: security headers and access log', (group) => {
  eachTestInTransaction(group)

  test('/v1 answers are not cached, not sniffed and send no referrer off-site', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    for (const response of [
      await client.get('/v1/user').bearerToken(caller.token),
      await client.get('/v1/user'),
      await client.get('/v1/nowhere').bearerToken(caller.token),
    ]) {
      assert.equal(response.header('cache-control'), 'no-store')
      assert.equal(response.header('x-content-type-options'), 'nosniff')
      assert.equal(response.header('referrer-policy'), 'strict-origin-when-cross-origin')
      // Plain HTTP: no HSTS.
      assert.isUndefined(response.header('strict-transport-security'))
    }
  })

  test('the console has a strict CSP whose nonce is on its scripts', async ({ client, assert }) => {
    const response = await client.get('/console/login')
    response.assertStatus(200)
    const csp = response.header('content-security-policy') ?? ''
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]
    assert.isString(nonce)
    assert.include(csp, "default-src 'self'")
    assert.include(csp, "object-src 'none'")
    assert.include(csp, "frame-ancestors 'none'")
    assert.notInclude(csp, 'unsafe-eval')
    const scripts = response.text().match(/<script[^>]*>/g) ?? []
    assert.isNotEmpty(scripts)
    for (const script of scripts) assert.include(script, `nonce="${nonce}"`)
    assert.equal(response.header('x-content-type-options'), 'nosniff')
    assert.equal(response.header('referrer-policy'), 'strict-origin-when-cross-origin')
    assert.isUndefined(response.header('strict-transport-security'))

    const again = await client.get('/console/login')
    assert.notInclude(again.header('content-security-policy') ?? '', nonce!)
  }).tags(['@console'])

  test('HSTS is sent over HTTPS', async ({ assert }) => {
    const { default: testUtils } = await import('@adonisjs/core/services/test_utils')
    const { default: SecurityHeadersMiddleware } =
      await import('#core/middleware/security_headers_middleware')
    const ctx = await testUtils.createHttpContext()
    ctx.request.secure = () => true
    ctx.request.url = () => '/console/login'
    await new SecurityHeadersMiddleware().handle(ctx, async () => {})
    assert.equal(ctx.response.getHeader('strict-transport-security'), 'max-age=15552000')
  })

  test('one access-log line per request, without query string or credentials', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    const lines: any[] = []
    const manager = logger as any
    manager.isLevelEnabled = (level: string) => level === 'info'
    manager.info = (fields: object, message: string) => lines.push({ ...fields, message })
    try {
      const response = await client
        .get('/v1/user?token=query-secret&signature=sig-secret')
        .bearerToken(caller.token)
        .header('X-Request-Id', 'access-log-test')
      response.assertStatus(200)
      await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      delete manager.isLevelEnabled
      delete manager.info
    }
    const line = lines.find((l) => l.request_id === 'access-log-test')
    assert.deepInclude(line, {
      message: 'request',
      method: 'GET',
      path: '/v1/user',
      status: 200,
      request_id: 'access-log-test',
    })
    assert.isNumber(line.duration_ms)
    const text = JSON.stringify(lines)
    for (const secret of ['query-secret', 'sig-secret', caller.token, 'Bearer']) {
      assert.notInclude(text, secret)
    }
  })

  test('no access log at LOG_LEVEL=warn', async ({ client, assert }) => {
    const lines: any[] = []
    const manager = logger as any
    manager.isLevelEnabled = () => false
    manager.info = (fields: object) => lines.push(fields)
    try {
      await client.get('/v1/user')
      await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      delete manager.isLevelEnabled
      delete manager.info
    }
    assert.lengthOf(lines, 0)
  })
})

test.group('HTTP guards: rate-limit stores', () => {
  test('the database store (the default outside tests) counts and refuses', async ({ assert }) => {
    // Outside the per-test transaction: the store writes through its own connection.
    const store = limiter.use('database', {
      requests: 2,
      duration: '1 minute',
      inMemoryBlockOnConsumed: 3,
    })
    const key = `test_${newId()}`
    try {
      await store.consume(key)
      const second = await store.consume(key)
      assert.equal(second.remaining, 0)
      await assert.rejects(() => store.consume(key), /Too many requests/)
      // Refused from memory now, still with the time left.
      const error = await store.consume(key).catch((e) => e)
      assert.isAbove(error.response.availableIn, 0)
    } finally {
      await store.delete(key)
    }
  })
})

function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 500 })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}
