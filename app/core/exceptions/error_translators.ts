import type { HttpContext } from '@adonisjs/core/http'

/**
 * Turns a failure of the domains (a service's 404, a policy's refusal, a VineJS error) into the
 * exception a part of the site answers with: `undefined` leaves the error as it is.
 */
export type ErrorTranslator = (error: unknown, ctx: HttpContext) => unknown

const translators: { prefix: string; translate: ErrorTranslator }[] = []

/**
 * The exception handler's hook for the parts of the site outside the API (the console): each
 * registers, from its provider, how the domains' failures under its URL prefix become its own
 * self-rendering exceptions. Core knows none of them, so removing a provider removes its part.
 */
export const errorTranslators = {
  register(prefix: string, translate: ErrorTranslator) {
    translators.push({ prefix, translate })
  },

  translate(error: unknown, ctx: HttpContext): unknown {
    const url = ctx.request.url()
    for (const { prefix, translate } of translators) {
      if (url === prefix || url.startsWith(`${prefix}/`)) return translate(error, ctx) ?? error
    }
    return error
  },
}
