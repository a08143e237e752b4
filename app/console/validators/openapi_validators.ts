import vine from '@vinejs/vine'
import { specSlug } from '#openapi/validators/openapi_validators'
import { MAX_DOCUMENT_BYTES } from '#openapi/services/openapi_document'

/**
 * The console's upload form: the slug, and the document's URL or its text (a file the page reads
 * in the browser). Its source goes to the API's PUT semantics (create, or a new version when the
 * document changed; a URL sent again is refreshed).
 */
export const consoleOpenAPIUploadValidator = vine.compile(
  vine.object({
    slug: specSlug,
    url: vine
      .string()
      .maxLength(2048)
      .url({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
      .optional()
      .requiredIfMissing('text'),
    text: vine.string().minLength(1).maxLength(MAX_DOCUMENT_BYTES).optional(),
  })
)
