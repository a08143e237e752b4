import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'
import { maxCharacters } from '#core/http/validation'
import { MAX_SEARCH_QUERY } from '#content/search/search_validators'

/**
 * The console's search box (a space's or the organization's): `query` within the API's bound
 * (empty: nothing searched yet) and the results' `page` cursor.
 */
export const consoleSearchValidator = vine.compile(
  vine.object({
    query: vine
      .string()
      .trim()
      .use(maxCharacters({ max: MAX_SEARCH_QUERY }))
      .optional(),
    page: listQuery.page,
  })
)

consoleSearchValidator.messagesProvider = new SimpleMessagesProvider({
  'query.maxLength': 'The search is too long: use at most {{ max }} characters.',
  'page.maxLength': 'This page of results does not exist: search again.',
})
