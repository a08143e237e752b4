import vine from '@vinejs/vine'

/**
 * The console's up/down buttons of a site's structure: a section or a group, one place.
 */
export const sortSiteItemValidator = vine.compile(
  vine.object({
    type: vine.enum(['site-section', 'site-section-group'] as const),
    id: vine.string().trim().minLength(1).maxLength(64),
    direction: vine.enum(['up', 'down'] as const),
  })
)

/**
 * The console's adaptive-schema form: the JSON schema as text, parsed by the controller (a
 * textarea sends a string, not the object the API takes).
 */
export const adaptiveSchemaTextValidator = vine.compile(
  vine.object({ jsonSchema: vine.string().minLength(1).maxLength(100_000) })
)

/**
 * The console's deactivate/reactivate button of a share link.
 */
export const shareLinkActiveValidator = vine.compile(
  vine.object({ active: vine.boolean({ strict: true }) })
)
