import { test } from '@japa/runner'
import { errors } from '@vinejs/vine'
import { createTeamValidator } from '#organizations/validators/team_validators'
import { createOrganizationValidator } from '#organizations/validators/organization_validators'
import { createSamlProviderValidator } from '#sso/validators/saml_provider_validators'
import { translationSettingsValidator } from '#translations/validators/translation_settings_validators'

/**
 * Limits count characters (code points), as GitBook's JSON Schema does: an emoji is one character,
 * though it is two UTF-16 units.
 */
const EMOJI = '📘'

/** A limit of the `field` that `validator` checks: at most `max` characters. */
function limit(
  name: string,
  max: number,
  validator: { validate: (data: any) => any },
  field: string
) {
  return { name, max, validate: (v: string) => validator.validate({ [field]: v }) }
}

const limits = [
  limit('team title', 64, createTeamValidator, 'title'),
  limit('organization title', 255, createOrganizationValidator, 'title'),
  limit('SAML label', 30, createSamlProviderValidator, 'label'),
  limit('translation title', 100, translationSettingsValidator, 'title'),
]

test.group('Length limits count characters', () => {
  test('{name}: {max} emoji pass, one more fails with maxLength')
    .with(limits)
    .run(async ({ assert }, { max, validate }) => {
      await validate(EMOJI.repeat(max))
      try {
        await validate(EMOJI.repeat(max + 1))
        assert.fail('expected a validation error')
      } catch (error) {
        assert.instanceOf(error, errors.E_VALIDATION_ERROR)
        assert.equal((error as any).messages[0].rule, 'maxLength')
      }
    })
})
