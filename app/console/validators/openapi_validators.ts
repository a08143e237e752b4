import vine from '@vinejs/vine'
import { sourceFields, specSlug } from '#openapi/validators/openapi_validators'

/**
 * The console's upload form: the slug, and the document's URL or its text (a file the page reads
 * in the browser), with the API's rules. Its source goes to the API's PUT semantics (create, or a
 * new version when the document changed; a URL sent again is refreshed).
 */
export const consoleOpenAPIUploadValidator = vine.compile(
  vine.object({ slug: specSlug, ...sourceFields })
)
