import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import { serializeTranslationSettings } from '#translations/serializers/translation_settings_serializer'
import { translationSettingsValidator } from '#translations/validators/translation_settings_validators'

/**
 * POST /v1/orgs/{organizationId}/translations — admins only.
 */
@inject()
export default class CreateTranslationSettingsController {
  constructor(
    private organizations: OrganizationService,
    private translations: TranslationSettingsService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(TranslationSettingsPolicy).authorize('manage', access)
    const input = await request.validateUsing(translationSettingsValidator, {
      data: request.body(),
    })
    const row = await this.translations.create(access, input)
    const settings = serializeTranslationSettings(row, access, user)
    response.header('Location', settings.urls.location)
    response.status(201)
    return settings
  }
}
