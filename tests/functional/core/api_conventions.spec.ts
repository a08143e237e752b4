import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'

test.group('API conventions', (group) => {
  eachTestInTransaction(group)

  test('an unknown /v1 route is a 404 in the error shape: {$self}')
    .with(['GET /v1/nothing-here', 'POST /v1/orgs/abc/unknown', 'DELETE /v1/user', 'PUT /v1'])
    .run(async ({ client, assert }, line) => {
      const [method, path] = line.split(' ')
      const response = await client.request(path, method as any)
      response.assertStatus(404)
      assert.deepEqual(Object.keys(response.body()), ['error'])
      assert.equal(response.body().error.code, 404)
      assert.isString(response.body().error.message)
      assert.match(response.header('content-type') ?? '', /application\/json/)
    })

  test('malformed JSON is a 400 in the error shape, even before authentication', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    for (const token of [caller.token, undefined]) {
      const request = client
        .post('/v1/orgs')
        .header('Content-Type', 'application/json')
        .json('{"title":')
      if (token) request.bearerToken(token)
      const response = await request
      assert.include([400, 401], response.status())
      assert.equal(response.body().error.code, response.status())
    }
  })

  test('a body the server cannot read is refused in the error shape: {name}')
    .with([
      {
        name: 'a wrong content type',
        headers: { 'Content-Type': 'text/plain' },
        body: 'title=Docs',
        status: 400,
      },
      {
        name: 'an oversized body',
        headers: {},
        body: { title: 'Docs', padding: 'x'.repeat(11 * 1024 * 1024) },
        status: 413,
      },
      {
        name: 'a compressed body that does not decompress',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: 'not gzip',
        status: 400,
      },
    ])
    .run(async ({ client, assert }, { headers, body, status }) => {
      const caller = await createCaller()
      const request = client.post('/v1/orgs').bearerToken(caller.token)
      for (const [name, value] of Object.entries(headers)) request.header(name, value)
      const response = await request.json(body)
      response.assertStatus(status)
      assert.equal(response.body().error.code, status)
    })

  test('a query parameter given as a list is a 400: {$self}')
    .with(['limit[]=1', 'limit=1&limit=2', 'page[a]=b'])
    .run(async ({ client, assert }, query) => {
      const caller = await createCaller()
      const response = await client.get(`/v1/orgs?${query}`).bearerToken(caller.token)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, 'single value')
    })

  test('requests Node rejects before routing still get the error shape', async ({ assert }) => {
    const { request } = await import('node:http')
    const { default: env } = await import('#start/env')
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: env.get('HOST'),
          port: env.get('PORT'),
          path: '/v1/user',
          headers: { 'x-huge': 'a'.repeat(40_000) },
        },
        (res) => {
          let body = ''
          res.on('data', (chunk) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode!, body }))
        }
      )
      req.on('error', reject)
      req.end()
    })
    assert.equal(answer.status, 431)
    assert.deepEqual(JSON.parse(answer.body), {
      error: { code: 431, message: 'Request headers are too large' },
    })
  })

  test('every answer carries a request id, and keeps the one the client sent', async ({
    client,
    assert,
  }) => {
    const fresh = await client.get('/v1/user')
    assert.match(fresh.header('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    const kept = await client.get('/v1/user').header('X-Request-Id', 'trace-123')
    assert.equal(kept.header('x-request-id'), 'trace-123')
  })

  test('the /v1 API is not subject to the console’s CSRF protection', async ({ client }) => {
    const caller = await createCaller()
    const response = await client
      .post('/v1/orgs')
      .bearerToken(caller.token)
      .json({ title: 'No CSRF here' })
    response.assertStatus(201)
  })
})
