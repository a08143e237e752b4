import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { IMPORT_SOURCES, SUPPORTED_IMPORT_SOURCES } from '#content/import/import_service'

/**
 * `source` is GitBook's ContentImportSource type (`website`, `file`); Bindery imports websites only,
 * and says so rather than answering a bare enum failure.
 */
const supportedSource = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (!field.isValid) return
    if (!(SUPPORTED_IMPORT_SOURCES as readonly unknown[]).includes(value)) {
      const known = (IMPORT_SOURCES as readonly unknown[]).includes(value)
      field.report(
        known
          ? `The {{ field }} "${String(value)}" is not supported: the supported source is ${SUPPORTED_IMPORT_SOURCES.join(', ')}`
          : `The {{ field }} field must be one of ${IMPORT_SOURCES.join(', ')} (supported: ${SUPPORTED_IMPORT_SOURCES.join(', ')})`,
        'importSource',
        field
      )
    }
  }
)

/**
 * POST /v1/spaces/{spaceId}/content/import and its change-request twin.
 */
export const importContentValidator = vine.compile(
  vine.object({
    url: vine
      .string()
      .trim()
      .maxLength(2048)
      .url({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }),
    source: vine.string().use(supportedSource()),
  })
)
