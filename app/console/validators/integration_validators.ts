import vine from '@vinejs/vine'

/** A configuration as the console's form sends it (typed JSON; checked against the schema). */
const configuration = () => vine.record(vine.any()).maxLength(50).optional()

export const consoleInstallValidator = vine.compile(vine.object({ configuration: configuration() }))

export const consoleConfigureValidator = vine.compile(
  vine.object({ configuration: vine.record(vine.any()).maxLength(50) })
)

export const consoleInstallOnValidator = vine.compile(
  vine.object({
    kind: vine.enum(['space', 'site'] as const),
    targetId: vine.string().minLength(1).maxLength(64),
    configuration: configuration(),
  })
)
