import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import {
  ApiException,
  BadRequestException,
  NotFoundException,
  type InvalidField,
} from '#core/exceptions/api_exceptions'
import { humanProblem, humanProblems } from '#console/http/human_messages'
import { ConsoleNotFoundException } from '#console/exceptions/console_not_found_exception'

/**
 * Error codes under which the console's pages show a refused form (`errors[code]`), by status.
 */
export const FORM_ERROR_CODES: Record<number, string> = {
  400: 'E_BAD_REQUEST',
  403: 'E_FORBIDDEN',
  409: 'E_CONFLICT',
  412: 'E_PRECONDITION_FAILED',
}

/**
 * A console request the domain refused: on a page (GET) the console's error page with the reason
 * and the status; on a form (POST, PATCH, DELETE) back to the form with the reason flashed under
 * its error code — or, for VineJS failures, by field, as AdonisJS flashes them.
 */
export class ConsoleRefusalException extends Exception {
  static code = 'E_CONSOLE_REFUSED'

  constructor(
    message: string,
    public refusedStatus: number,
    public validation?: InstanceType<typeof vineErrors.E_VALIDATION_ERROR>
  ) {
    super(message, { status: refusedStatus })
  }

  /**
   * Refusals are answers, not incidents.
   */
  report() {}

  async handle(error: this, ctx: HttpContext) {
    if (ctx.request.method() === 'GET') {
      ctx.response.status(error.refusedStatus)
      return ctx.response.send(
        await ctx.inertia.render('errors/error', {
          status: error.refusedStatus,
          message: error.message,
          requestId: ctx.request.id(),
        })
      )
    }
    if (error.validation) {
      ctx.session.flashValidationErrors(error.validation)
    } else {
      ctx.session.flashErrors({ [FORM_ERROR_CODES[error.refusedStatus]]: error.message })
    }
    return ctx.response.redirect('back', true)
  }
}

/**
 * The console's translator of the domains' failures (registered with core's exception handler by
 * the console's provider, for every URL under /console). The console's controllers call the same
 * services and policies as the API and let their errors propagate:
 *
 * - a record the user may not see (the services' 404) is the console's not-found page;
 * - a refusal (403, the policy's or the service's), a conflict (409: the last admin, a collection
 *   that is not empty) or a request the service refuses (400) becomes a ConsoleRefusalException;
 * - a VineJS failure too (a page's bad query string is its 400 page; a form's fields are flashed).
 *
 * Anything else (bugs, the console's own exceptions) is left as it is, and so is every error of a
 * request the console's middleware did not reach (no Inertia to render its pages with).
 */
export function consoleFailure(error: unknown, ctx: HttpContext): unknown {
  if (!ctx.inertia) return error
  if (error instanceof NotFoundException) {
    return new ConsoleNotFoundException(undefined, { cause: error })
  }
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    // Flashed by field and summed up above the form, in the form's words (human_messages.ts).
    const problems = error.messages as InvalidField[]
    const reworded = new vineErrors.E_VALIDATION_ERROR(
      problems.map((problem) => ({ ...problem, message: humanProblem(problem) })),
      { cause: error }
    )
    return new ConsoleRefusalException(humanProblems(problems), 400, reworded)
  }
  if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
    // The policy's reason (AuthorizationResponse.deny) is on the response, not the error's message.
    const status = error.response.status ?? 403
    if (status === 404) return new ConsoleNotFoundException(undefined, { cause: error })
    return new ConsoleRefusalException(
      error.response.message || 'You are not allowed to do this',
      403
    )
  }
  const status = (error as { status?: unknown })?.status
  if (error instanceof BadRequestException && error.problems) {
    return new ConsoleRefusalException(humanProblems(error.problems), 400)
  }
  if (error instanceof ApiException && typeof status === 'number' && status in FORM_ERROR_CODES) {
    return new ConsoleRefusalException(error.message, status)
  }
  return error
}
