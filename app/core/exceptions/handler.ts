import app from '@adonisjs/core/services/app'
import { ExceptionHandler, type HttpContext } from '@adonisjs/core/http'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import { errors as vineErrors } from '@vinejs/vine'
import { isApiRequest } from '#core/http/api_request'
import { invalidRequestMessage, type InvalidField } from '#core/exceptions/api_exceptions'
import { errorTranslators } from '#core/exceptions/error_translators'
import { ApiRateLimitException } from '#core/http/api_rate_limits'
import { isLockConflict } from '#core/database/errors'

type ApiError = { status: number; message: string }

/**
 * One handler for the whole application. Every failure of a `/v1` request is rendered in GitBook's
 * error shape; elsewhere the translators registered for the URL (errorTranslators: the console's
 * pages and flashed form errors) come first, then AdonisJS's HTML pages and redirects.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction
  protected renderStatusPages = app.inProduction

  /**
   * Console pages in production: the console's own pages (Inertia) where the console's middleware
   * ran, plain text anywhere else (unknown URLs outside /v1 and /console). Development and tests
   * keep AdonisJS's detailed error page.
   */
  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    // One range for all client errors: integer-like keys such as '404' would be expanded first and
    // then overwritten by a range.
    '400..499': (error, ctx) =>
      renderConsoleError(ctx, (error as { status?: number }).status ?? 400),
    '500..599': (_error, ctx) => renderConsoleError(ctx, 500),
  }

  async handle(error: unknown, ctx: HttpContext) {
    if (!isApiRequest(ctx)) return super.handle(errorTranslators.translate(error, ctx), ctx)

    const { status, message } = toApiError(error, ctx)
    if (error instanceof ApiRateLimitException) {
      for (const [name, value] of Object.entries(error.headers())) ctx.response.header(name, value)
    }
    ctx.response.status(status).json({ error: { code: status, message } })
  }

  async report(error: unknown, ctx: HttpContext) {
    if (isApiRequest(ctx)) {
      const { status } = toApiError(error, ctx)
      if (status >= 500) {
        ctx.logger.error(
          { err: error, requestId: ctx.request.id() },
          'unhandled error in API request'
        )
      }
      return
    }
    return super.report(errorTranslators.translate(error, ctx), ctx)
  }
}

function renderConsoleError(ctx: HttpContext, status: number) {
  const message =
    status === 404
      ? 'This page does not exist, or you do not have access to it'
      : status >= 500
        ? 'An unexpected error occurred; it has been logged'
        : 'The request could not be processed'
  ctx.response.status(status)
  if (!ctx.inertia) return ctx.response.send(`${message} (request id ${ctx.request.id()})`)
  if (status === 404) return ctx.inertia.render('errors/not_found')
  return ctx.inertia.render('errors/error', { status, message, requestId: ctx.request.id() })
}

/**
 * Maps any thrown value to a status and a sentence a client can act on. Nothing internal (stack, SQL,
 * file paths) ever reaches the body of a 5xx.
 */
export function toApiError(error: unknown, ctx: HttpContext): ApiError {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    return { status: 400, message: validationMessage(error.messages) }
  }

  const err = error as { status?: unknown; code?: unknown; message?: unknown }
  const code = typeof err?.code === 'string' ? err.code : ''
  const status = typeof err?.status === 'number' ? err.status : 500

  // A compressed body that does not decompress: zlib's errors carry no HTTP status.
  if (code.startsWith('Z_')) {
    return { status: 400, message: 'Malformed request body: it could not be decompressed' }
  }

  // Retried where it is known to happen (retryOnLockConflict); elsewhere the client may resend.
  if (isLockConflict(error)) {
    return {
      status: 409,
      message:
        'Another request changed the same records at the same time; nothing was changed: send it again',
    }
  }

  if (status >= 500) {
    return {
      status: 500,
      message: `An unexpected error occurred; it has been logged with request id ${ctx.request.id()}`,
    }
  }

  switch (code) {
    case 'E_ROUTE_NOT_FOUND':
      return {
        status: 404,
        message: `No API endpoint matches ${ctx.request.method()} ${ctx.request.url()}`,
      }
    case 'E_UNAUTHORIZED_ACCESS':
      return {
        status: 401,
        message:
          'Authentication required: send a valid, unexpired API token as "Authorization: Bearer <token>"',
      }
    case 'E_ROW_NOT_FOUND':
      return { status: 404, message: 'The requested record could not be found' }
    case 'E_AUTHORIZATION_FAILURE':
      return {
        status: status === 404 ? 404 : 403,
        message:
          status === 404
            ? 'The requested record could not be found'
            : (policyReason(err) ?? 'You are not allowed to perform this action'),
      }
  }

  // Body parser failures (malformed JSON, wrong encoding) arrive as 400s or 422s with a message.
  if (code === 'E_BODY_PARSER' || /JSON/i.test(String(err?.message ?? ''))) {
    if (status === 400 || status === 422) {
      return { status: 400, message: `Malformed request body: ${String(err.message)}` }
    }
  }

  const finalStatus = status === 422 ? 400 : status
  const message = typeof err?.message === 'string' && err.message ? err.message : 'Request failed'
  return { status: finalStatus, message }
}

function validationMessage(messages: unknown): string {
  return invalidRequestMessage(Array.isArray(messages) ? (messages as InvalidField[]) : [])
}

/**
 * The reason a policy gave with `AuthorizationResponse.deny(...)`. Bouncer's exception always says
 * "Access denied" in `message` and keeps the policy's own words on `response.message`.
 */
function policyReason(err: any): string | undefined {
  const reason = err?.response?.message
  return typeof reason === 'string' && reason !== '' && reason !== 'Access denied'
    ? reason
    : undefined
}
