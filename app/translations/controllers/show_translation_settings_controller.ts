import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import { serializeTranslationSettings } from '#translations/serializers/translation_settings_serializer'

/**
 * GET /v1/orgs/{organizationId}/translations/{translationSettingsId}.
 */
@inject()
export default class ShowTranslationSettingsController {
  constructor(
    private organizations: OrganizationService,
    private translations: TranslationSettingsService
  ) {}

  async handle({ auth, bouncer, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(TranslationSettingsPolicy).authorize('view', access)
    const row = await this.translations.find(access, params.translationSettingsId)
    return serializeTranslationSettings(row, access, user)
  }
}
