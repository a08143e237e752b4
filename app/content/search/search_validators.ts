import vine from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'
import { maxCharacters } from '#core/http/validation'

/** The longest search query, in characters (code points). */
export const MAX_SEARCH_QUERY = 512

/**
 * `query` (required, 1 to 512 characters counted as code points) with `page` and `limit`: the
 * query string of both search endpoints.
 */
export const searchQueryValidator = vine.compile(
  vine.object({
    query: vine
      .string()
      .minLength(1)
      .use(maxCharacters({ max: MAX_SEARCH_QUERY })),
    ...listQuery,
  })
)
