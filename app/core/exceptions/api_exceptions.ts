import { Exception } from '@adonisjs/core/exceptions'
import type { AuthorizationResponse } from '@adonisjs/bouncer'

/**
 * Failures of the `/v1` API. Each carries its HTTP status; the exception handler renders every one of
 * them as `{"error": {"code": <status>, "message": "<sentence>"}}`.
 */
export class ApiException extends Exception {}

/**
 * One failing part of a request: the field or parameter, what is wrong, and the rule it broke.
 */
export type InvalidField = {
  field: string
  message: string
  rule?: string
  /** The rule's options (a length's bound), for the console's words. */
  meta?: Record<string, unknown>
}

/**
 * "Invalid request: title: The title field must have at least 2 characters (rule minLength)": every
 * failing field named, with its rule. The one wording of 400s for bad input, whoever detects it.
 */
export function invalidRequestMessage(problems: InvalidField[]): string {
  if (problems.length === 0) return 'Invalid request'
  const parts = problems.map(
    ({ field, message, rule }) => `${field || 'body'}: ${message}${rule ? ` (rule ${rule})` : ''}`
  )
  return `Invalid request: ${parts.join('; ')}`
}

export class BadRequestException extends ApiException {
  static status = 400
  static code = 'E_BAD_REQUEST'

  /** The failing fields, when the request was refused field by field (for the console's words). */
  problems?: InvalidField[]

  static invalid(...problems: InvalidField[]) {
    const error = new BadRequestException(invalidRequestMessage(problems))
    error.problems = problems
    return error
  }
}

export class UnauthorizedException extends ApiException {
  static status = 401
  static code = 'E_UNAUTHORIZED'
}

export class ForbiddenException extends ApiException {
  static status = 403
  static code = 'E_FORBIDDEN'

  /**
   * A policy's decision taken again inside a transaction, under the row locks (a merge or archive
   * committed since the controller's check wins): returns when it allows, else its denial as a 403.
   */
  static unlessAllowed(decision: boolean | AuthorizationResponse) {
    if (decision === true || (decision !== false && decision.authorized)) return
    throw new ForbiddenException(
      decision === false ? 'You are not allowed to do this' : decision.message
    )
  }
}

export class NotFoundException extends ApiException {
  static status = 404
  static code = 'E_NOT_FOUND'

  /**
   * "No organization with id X": the same answer whether the record does not exist or the caller may
   * not know that it does.
   */
  static resource(kind: string, id: string) {
    return new NotFoundException(`No ${kind} with id "${truncate(id)}" could be found`)
  }
}

export class ConflictException extends ApiException {
  static status = 409
  static code = 'E_CONFLICT'
}

export class PreconditionFailedException extends ApiException {
  static status = 412
  static code = 'E_PRECONDITION_FAILED'
}

function truncate(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}…` : value
}
