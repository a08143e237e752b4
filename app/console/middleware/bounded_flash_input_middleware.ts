import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Longest field value a refused form gets back (flashed input, shown again in the form); longer
 * values are dropped, the user still has them in the form.
 */
export const FLASHED_FIELD_MAX_LENGTH = 1000

/**
 * Most flashed input kept per response, in characters of JSON.
 */
const FLASHED_INPUT_MAX_LENGTH = 4000

/**
 * Bounds the input a refused console form flashes (AdonisJS flashes the whole body, minus a few
 * names): fields naming a password, secret or token are never kept, values over
 * FLASHED_FIELD_MAX_LENGTH are dropped, and so is everything beyond FLASHED_INPUT_MAX_LENGTH. It
 * runs after the route and its exception handler flashed, before the session is committed.
 */
export default class BoundedFlashInputMiddleware {
  async handle({ session }: HttpContext, next: NextFn) {
    await next()
    const input = session.responseFlashMessages.get('input')
    if (input && typeof input === 'object') {
      session.responseFlashMessages.set('input', boundedInput(input as Record<string, unknown>))
    }
  }
}

export function boundedInput(input: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  let size = 2
  for (const [name, value] of Object.entries(input)) {
    if (/password|secret|token|_csrf/i.test(name)) continue
    const length = JSON.stringify(value ?? null).length
    if (typeof value === 'string' && value.length > FLASHED_FIELD_MAX_LENGTH) continue
    if (length > FLASHED_FIELD_MAX_LENGTH + 2) continue
    if (size + name.length + length + 4 > FLASHED_INPUT_MAX_LENGTH) continue
    size += name.length + length + 4
    kept[name] = value
  }
  return kept
}
