import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import { translationSettingsValidator } from '#translations/validators/translation_settings_validators'
import { serializeTranslationSettings } from '#translations/serializers/translation_settings_serializer'

/**
 * PUT /v1/orgs/{organizationId}/translations/{translationSettingsId} — replaces the record; admins
 * only.
 */
export default class ReplaceTranslationSettingsController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, translations: TranslationSettingsService) {
    const { user, access } = await this.authorizedAccess(ctx, TranslationSettingsPolicy, 'manage')
    const input = await ctx.request.validateBody(translationSettingsValidator)
    const row = await translations.replace(access, ctx.params.translationSettingsId, input)
    return serializeTranslationSettings(row, access, user)
  }
}
