import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
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
      .map(([key]) => ({ field: key, message: `The ${key} field must not be null`, rule: 'notNull' }))
    if (nulls.length > 0) throw BadRequestException.invalid(...nulls)
  }
  return body
}

/**
 * The query string as validators should see it: each parameter given once. `?limit[]=1` or
 * `?page=a&page=b` would otherwise be coerced (VineJS turns ['1'] into 1); only the parameters named
 * in `repeatable` may be lists.
 */
export function singleValuedQuery(query: Record<string, unknown>, repeatable: readonly string[] = []) {
  const repeated = Object.entries(query)
    .filter(([key, value]) => typeof value === 'object' && value !== null && !repeatable.includes(key))
    .map(([key]) => ({
      field: key,
      message: `The ${key} parameter must be given once, as a single value`,
      rule: 'singleValue',
    }))
  if (repeated.length > 0) throw BadRequestException.invalid(...repeated)
  return query
}

/**
 * At most `max` characters, counted as JSON Schema (and GitBook's schema) counts them: Unicode code
 * points, so an emoji is one character, not the two UTF-16 units VineJS's maxLength counts.
 */
export const maxCharacters = vine.createRule((value: unknown, options: { max: number }, field: FieldContext) => {
  if (!field.isValid || typeof value !== 'string') return
  if ([...value].length > options.max) {
    field.report('The {{ field }} field must not be greater than {{ max }} characters', 'maxLength', field, options)
  }
})

/**
 * Fields of GitBook's request bodies that Bindery does not implement: a 400 naming them, rather than
 * a silent no-op (VineJS would drop them). `null` counts as not given. Returns the body unchanged.
 */
export function refuseUnsupportedFields(
  body: unknown,
  fields: readonly string[],
  reason = 'is not supported by this server'
): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const given = fields.filter((field) => field in body && (body as Record<string, unknown>)[field] !== null)
    if (given.length > 0) {
      throw BadRequestException.invalid(
        ...given.map((field) => ({ field, message: `The ${field} field ${reason}`, rule: 'unsupported' }))
      )
    }
  }
  return body
}
