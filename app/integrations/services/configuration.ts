import { Ajv, type ValidateFunction } from 'ajv'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import type { Configuration, ConfigurationSchema } from '#integrations/records'

const ajv = new Ajv({ allErrors: false, strict: false })
/** Compiled validators by the schema's JSON (bounded: each integration version has its own). */
const compiled = new Map<string, ValidateFunction>()
const MAX_COMPILED = 200

/** A configuration value: strings up to 10,000 characters, numbers, booleans. */
const MAX_STRING = 10_000

function jsonSchemaOf(schema: ConfigurationSchema) {
  if (!('properties' in schema)) return null
  const properties: Record<string, object> = {}
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.type === 'button') continue
    properties[name] =
      property.type === 'string'
        ? {
            type: 'string',
            maxLength: MAX_STRING,
            ...(property.enum?.length ? { enum: property.enum } : {}),
          }
        : { type: property.type }
  }
  return {
    type: 'object',
    properties,
    additionalProperties: false,
  }
}

function validatorFor(schema: ConfigurationSchema): ValidateFunction | null {
  const json = jsonSchemaOf(schema)
  if (!json) return null
  const key = JSON.stringify(json)
  let validate = compiled.get(key)
  if (!validate) {
    if (compiled.size >= MAX_COMPILED) compiled.clear()
    validate = ajv.compile(json)
    compiled.set(key, validate)
  }
  return validate
}

/**
 * Checks a configuration against the integration's schema for that level (`configurations.account`,
 * `.space` or `.site`): each key declared, each value of its type (and among its `enum`). A 400
 * names the key and the rule. Keys the schema requires may be missing: the installation stays
 * `pending` until they are set (see isComplete).
 */
export function checkConfiguration(
  schema: ConfigurationSchema | undefined,
  configuration: Configuration,
  field = 'configuration'
): Configuration {
  if (!schema) return configuration
  const validate = validatorFor(schema)
  if (validate && !validate(configuration)) {
    const error = validate.errors![0]
    const key =
      error.keyword === 'additionalProperties'
        ? String(error.params.additionalProperty)
        : error.instancePath.replace(/^\//, '')
    const message =
      error.keyword === 'additionalProperties'
        ? "is not a property of this integration's configuration"
        : (error.message ?? 'is invalid')
    throw BadRequestException.invalid({
      field: key ? `${field}.${key}` : field,
      message: `The ${key ? `${field}.${key}` : field} field ${message}`,
      rule: error.keyword,
    })
  }
  return configuration
}

/** The configuration with the schema's defaults for keys it leaves out. */
export function effectiveConfiguration(
  schema: ConfigurationSchema | undefined,
  configuration: Configuration
): Configuration {
  const defaults: Configuration = {}
  if (schema && 'properties' in schema) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (property.default !== undefined) defaults[name] = property.default
    }
  }
  return { ...defaults, ...configuration }
}

/** Every key the schema requires has a value (its own or a default). */
export function isComplete(schema: ConfigurationSchema | undefined, configuration: Configuration) {
  if (!schema || !('properties' in schema)) return true
  const effective = effectiveConfiguration(schema, configuration)
  return (schema.required ?? []).every(
    (key) => effective[key] !== undefined && effective[key] !== null && effective[key] !== ''
  )
}
