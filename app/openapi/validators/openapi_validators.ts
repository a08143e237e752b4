import vine from '@vinejs/vine'
import { MAX_SLUG_LENGTH, SPEC_SLUG } from '#openapi/services/openapi_spec_service'
import { MAX_DOCUMENT_BYTES } from '#openapi/services/openapi_document'

/**
 * GitBook's OpenAPISpecSource: `url` (http or https, at most 2048 characters) or `text` (the
 * document, at most MAX_DOCUMENT_BYTES; the byte bound itself is checked by the parser).
 */
export const sourceFields = {
  url: vine
    .string()
    .maxLength(2048)
    .url({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
    .optional()
    .requiredIfMissing('text'),
  text: vine.string().minLength(1).maxLength(MAX_DOCUMENT_BYTES).optional(),
}
const source = vine.object(sourceFields)

export const specSlug = vine.string().maxLength(MAX_SLUG_LENGTH).regex(SPEC_SLUG)

/** POST /orgs/{id}/openapi. */
export const createOpenAPISpecValidator = vine.compile(vine.object({ slug: specSlug, source }))

/** PUT /orgs/{id}/openapi/{specSlug}. */
export const putOpenAPISpecValidator = vine.compile(vine.object({ source }))

/** PATCH /orgs/{id}/openapi/{specSlug}. */
export const updateOpenAPISpecValidator = vine.compile(
  vine.object({ visibility: vine.enum(['private', 'public'] as const) })
)

/** The `specSlug` of a PUT, which names the specification to create. */
export const specSlugParamValidator = vine.compile(vine.object({ specSlug: specSlug }))
