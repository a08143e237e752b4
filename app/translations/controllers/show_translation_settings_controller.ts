import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import { serializeTranslationSettings } from '#translations/serializers/translation_settings_serializer'

/**
 * GET /v1/orgs/{organizationId}/translations/{translationSettingsId}.
 */
export default class ShowTranslationSettingsController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, translations: TranslationSettingsService) {
    const { user, access } = await this.authorizedAccess(ctx, TranslationSettingsPolicy, 'view')
    const row = await translations.find(access, ctx.params.translationSettingsId)
    return serializeTranslationSettings(row, access, user)
  }
}
