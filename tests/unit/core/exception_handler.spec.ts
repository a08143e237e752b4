import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#core/exceptions/handler'
import { ConflictException, NotFoundException } from '#core/exceptions/api_exceptions'
import { validateContract } from '#tests/helpers/contract'

async function render(error: unknown, url = '/v1/orgs') {
  const { IncomingMessage } = await import('node:http')
  const ctx = await testUtils.createHttpContext({
    req: Object.assign(new IncomingMessage(null as any), {
      url,
      method: 'GET',
      headers: { 'x-request-id': 'req-42' },
    }),
  })
  const handler = new HttpExceptionHandler()
  await handler.handle(error, ctx)
  return { status: ctx.response.getStatus(), body: ctx.response.getBody() as any }
}

test.group('Exception handler', () => {
  test('an unexpected error is a 500 with the request id and nothing internal', async ({
    assert,
  }) => {
    const { status, body } = await render(
      new Error('SELECT * FROM users WHERE secret = 1 at /work/app.ts:12')
    )
    assert.equal(status, 500)
    assert.deepEqual(Object.keys(body), ['error'])
    assert.equal(body.error.code, 500)
    assert.include(body.error.message, 'req-42')
    assert.notInclude(body.error.message, 'SELECT')
    assert.notInclude(body.error.message, '/work')
    validateContract('GET', '/v1/orgs', 500, body)
  })

  test('a transaction that lost a lock race is a 409 that says to send it again', async ({
    assert,
  }) => {
    const deadlock = Object.assign(new Error('select ... for update - Deadlock found'), {
      code: 'ER_LOCK_DEADLOCK',
      errno: 1213,
    })
    const { status, body } = await render(deadlock, '/v1/spaces/s/change-requests/c/merge')
    assert.equal(status, 409)
    assert.include(body.error.message, 'send it again')
    assert.notInclude(body.error.message, 'select')
  })

  test('a thrown non-error value is still a 500 in the error shape', async ({ assert }) => {
    const { status, body } = await render('a string')
    assert.equal(status, 500)
    assert.equal(body.error.code, 500)
  })

  test('API exceptions keep their status and message', async ({ assert }) => {
    const notFound = await render(NotFoundException.resource('organization', 'abc'))
    assert.equal(notFound.status, 404)
    assert.equal(notFound.body.error.message, 'No organization with id "abc" could be found')
    const conflict = await render(new ConflictException('Taken'))
    assert.deepEqual(conflict.body, { error: { code: 409, message: 'Taken' } })
  })

  test('a database row-not-found is a 404', async ({ assert }) => {
    const error = Object.assign(new Error('Row not found'), {
      status: 404,
      code: 'E_ROW_NOT_FOUND',
    })
    const { status, body } = await render(error)
    assert.equal(status, 404)
    assert.equal(body.error.code, 404)
  })

  test('outside /v1 the console keeps AdonisJS rendering', async ({ assert }) => {
    const { body } = await render(new NotFoundException('nope'), '/console/whatever')
    assert.notDeepEqual(body, { error: { code: 404, message: 'nope' } })
  })
})
