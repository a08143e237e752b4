import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as vineErrors } from '@vinejs/vine'
import {
  ApiException,
  invalidRequestMessage,
  NotFoundException,
  type InvalidField,
} from '#core/exceptions/api_exceptions'
import { ConsoleNotFoundException } from '#console/exceptions/console_not_found_exception'

/**
 * Error codes the console's pages show above their forms (`errors[code]`), by HTTP status of the
 * domains' exceptions and of Bouncer's refusals.
 */
export const FORM_ERROR_CODES: Record<number, string> = {
  400: 'E_BAD_REQUEST',
  403: 'E_FORBIDDEN',
  409: 'E_CONFLICT',
}

/**
 * The console's pages call the same services and policies as the API; this route middleware turns
 * their failures into what a browser expects:
 *
 * - a record the user may not see (the services' 404) is the console's not-found page;
 * - on a page (GET), a refusal (403) is the console's error page with the policy's reason;
 * - on a form (POST, PATCH, DELETE), a refusal, a conflict (the last admin, a collection that is not
 *   empty) or a request the service refuses (400) goes back to the form with the reason flashed
 *   under its error code, like VineJS's field errors (which AdonisJS flashes by itself).
 *
 * A page's query string that fails validation (`?role=nobody`) is its error page (400); a form's
 * validation errors go back to the form by field, as AdonisJS flashes them. Anything else (bugs)
 * propagates unchanged.
 */
export default async function consoleFailures(ctx: HttpContext, next: NextFn) {
  try {
    return await next()
  } catch (error) {
    if (error instanceof NotFoundException) {
      throw new ConsoleNotFoundException(undefined, { cause: error })
    }
    const isPage = ctx.request.method() === 'GET'
    if (isPage && error instanceof vineErrors.E_VALIDATION_ERROR) {
      return renderError(ctx, 400, invalidRequestMessage(error.messages as InvalidField[]))
    }
    const status = refusalStatus(error)
    if (status === undefined) throw error
    const message = (error as Error).message
    if (isPage) return renderError(ctx, status, message)
    ctx.session.flashErrors({ [FORM_ERROR_CODES[status]]: message })
    return ctx.response.redirect().back()
  }
}

async function renderError(ctx: HttpContext, status: number, message: string) {
  ctx.response.status(status)
  return ctx.response.send(
    await ctx.inertia.render('errors/error', { status, message, requestId: ctx.request.id() })
  )
}

function refusalStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status
  if (typeof status !== 'number' || !(status in FORM_ERROR_CODES)) return undefined
  if (error instanceof ApiException) return status
  // Bouncer's `authorize` refusals (AuthorizationResponse.deny(message, 403)).
  if ((error as { code?: unknown }).code === 'E_AUTHORIZATION_FAILURE' && status === 403) return status
  return undefined
}
