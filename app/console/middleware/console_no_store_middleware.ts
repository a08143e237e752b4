import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Every console answer is `no-store` (it carries an administrator's data), unless its handler says
 * otherwise (a space's image, served privately). First of the console's middleware, so that answers
 * ended early by a later one (a refused CSRF token, an expired session) are covered too.
 */
export default class ConsoleNoStoreMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('Cache-Control', 'no-store')
    await next()
  }
}
