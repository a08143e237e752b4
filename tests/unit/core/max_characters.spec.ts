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

const limits = [
  {
    name: 'team title',
    max: 64,
    validate: (v: string) => createTeamValidator.validate({ title: v }),
  },
  {
    name: 'organization title',
    max: 255,
    validate: (v: string) => createOrganizationValidator.validate({ title: v }),
  },
  {
    name: 'SAML label',
    max: 30,
    validate: (v: string) => createSamlProviderValidator.validate({ label: v }),
  },
  {
    name: 'translation title',
    max: 100,
    validate: (v: string) => translationSettingsValidator.validate({ title: v }),
  },
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
