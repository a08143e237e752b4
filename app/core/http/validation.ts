import { BadRequestException } from '#core/exceptions/api_exceptions'

/**
 * VineJS treats `null` like an absent optional field. In PATCH bodies that would silently ignore
 * `{"sso": null}`; only the fields that may be cleared accept null, anything else is a 400 like any
 * other validation failure. Returns the body unchanged.
 */
export function rejectNullFields(body: unknown, nullable: readonly string[]): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const nulls = Object.entries(body)
      .filter(([key, value]) => value === null && !nullable.includes(key))
      .map(([key]) => `${key}: The ${key} field must not be null (rule notNull)`)
    if (nulls.length > 0) throw new BadRequestException(`Invalid request: ${nulls.join('; ')}`)
  }
  return body
}
