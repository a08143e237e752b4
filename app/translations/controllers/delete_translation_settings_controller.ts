import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'

/**
 * DELETE /v1/orgs/{organizationId}/translations/{translationSettingsId} — 205; admins only.
 */
export default class DeleteTranslationSettingsController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, translations: TranslationSettingsService) {
    const { access } = await this.authorizedAccess(ctx, TranslationSettingsPolicy, 'manage')
    await translations.delete(access, ctx.params.translationSettingsId)
    ctx.response.status(205)
  }
}
