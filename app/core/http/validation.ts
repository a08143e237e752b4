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
      .map(([key]) => ({
        field: key,
        message: `The ${key} field must not be null`,
        rule: 'notNull',
      }))
    if (nulls.length > 0) throw BadRequestException.invalid(...nulls)
  }
  return body
}

/**
 * The query string as validators should see it: each parameter given once. `?limit[]=1` or
 * `?page=a&page=b` would otherwise be coerced (VineJS turns ['1'] into 1); only the parameters named
 * in `repeatable` may be lists, and they always come back as lists (see queryList).
 */
export function singleValuedQuery(
  query: Record<string, unknown>,
  repeatable: readonly string[] = []
) {
  const repeated = Object.entries(query)
    .filter(
      ([key, value]) => typeof value === 'object' && value !== null && !repeatable.includes(key)
    )
    .map(([key]) => ({
      field: key,
      message: `The ${key} parameter must be given once, as a single value`,
      rule: 'singleValue',
    }))
  if (repeated.length > 0) throw BadRequestException.invalid(...repeated)
  for (const key of repeatable) {
    if (query[key] !== undefined) query = { ...query, [key]: queryList(key, query[key]) }
  }
  return query
}

/**
 * A repeatable parameter as a list of values: `?authors=a&authors=b`, `?authors[]=a&authors[]=b` and
 * `?authors=a,b` all read as `['a', 'b']` (empty items dropped). Keyed forms (`?authors[x]=a`) and
 * nested lists are a 400.
 */
function queryList(key: string, value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value]
  if (!values.every((item) => typeof item === 'string')) {
    throw BadRequestException.invalid({
      field: key,
      message: `The ${key} parameter must be a list of values (repeated or comma-separated)`,
      rule: 'list',
    })
  }
  return values
    .flatMap((item: string) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/**
 * At most `max` characters, counted as JSON Schema (and GitBook's schema) counts them: Unicode code
 * points, so an emoji is one character, not the two UTF-16 units VineJS's maxLength counts.
 */
export const maxCharacters = vine.createRule(
  (value: unknown, options: { max: number }, field: FieldContext) => {
    if (!field.isValid || typeof value !== 'string') return
    if ([...value].length > options.max) {
      field.report(
        'The {{ field }} field must not be greater than {{ max }} characters',
        'maxLength',
        field,
        options
      )
    }
  }
)

/**
 * Text without lone UTF-16 surrogates (JSON's `"\ud800"` decodes to one). Goes before `email()`
 * and `url()`: validator.js hands the value to encodeURI, which throws URIError on a lone
 * surrogate, and the request would end in a 500 instead of a 400.
 */
export const wellFormedText = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value === 'string' && !value.isWellFormed()) {
      field.report('The {{ field }} field must be well-formed Unicode text', 'wellFormed', field)
    }
  }
)

const segmenter = new Intl.Segmenter()
const PICTOGRAPH = /\p{Extended_Pictographic}/u
const FLAG = /^\p{Regional_Indicator}{2}$/u
const KEYCAP = /^[0-9#*]\uFE0F?\u20E3$/u

/**
 * Exactly one emoji, as a person picks it: one grapheme that is a pictograph (with its skin tone,
 * variation selector or ZWJ sequence), a flag, or a keycap, of at most `maxCodePoints` code points.
 * Letters, digits and several emoji are not.
 */
export const singleEmoji = vine.createRule(
  (value: unknown, options: { maxCodePoints: number }, field: FieldContext) => {
    if (!field.isValid || typeof value !== 'string') return
    const graphemes = [...segmenter.segment(value)]
    const grapheme = graphemes.length === 1 ? graphemes[0].segment : ''
    const emoji = PICTOGRAPH.test(grapheme) || FLAG.test(grapheme) || KEYCAP.test(grapheme)
    if (!emoji || [...grapheme].length > options.maxCodePoints) {
      field.report('The {{ field }} field must be a single emoji', 'emoji', field)
    }
  }
)

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
    const given = fields.filter(
      (field) => field in body && (body as Record<string, unknown>)[field] !== null
    )
    if (given.length > 0) {
      throw BadRequestException.invalid(
        ...given.map((field) => ({
          field,
          message: `The ${field} field ${reason}`,
          rule: 'unsupported',
        }))
      )
    }
  }
  return body
}
