import vine from '@vinejs/vine'

/**
 * GET /v1/spaces/{spaceId}/pdf and .../change-requests/{changeRequestId}/pdf: `only` is `true` or
 * `false` (anything else is a 400, as for every boolean of the query); `only=true` needs `page`.
 */
export const pdfQueryValidator = vine.compile(
  vine.object({
    only: vine.enum(['true', 'false']).optional(),
    page: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(64)
      .optional()
      .requiredWhen('only', '=', 'true'),
  })
)
