import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import OrganizationController from '#organizations/controllers/organization_controller'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import { translationSettingsValidator } from '#translations/validators/translation_settings_validators'
import { serializeTranslationSettings } from '#translations/serializers/translation_settings_serializer'

/**
 * POST /v1/orgs/{organizationId}/translations — admins only.
 */
export default class CreateTranslationSettingsController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, translations: TranslationSettingsService) {
    const { user, access } = await this.authorizedAccess(ctx, TranslationSettingsPolicy, 'manage')
    const input = await ctx.request.validateBody(translationSettingsValidator)
    created(
      ctx.response,
      serializeTranslationSettings(await translations.create(access, input), access, user)
    )
  }
}
