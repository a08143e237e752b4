import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import { serializeTranslationSettings } from '#translations/serializers/translation_settings_serializer'

/**
 * GET /v1/orgs/{organizationId}/translations.
 */
export default class ListTranslationSettingsController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, translations: TranslationSettingsService) {
    const { user, access } = await this.authorizedAccess(ctx, TranslationSettingsPolicy, 'view')
    const page = await translations.list(
      access,
      await ctx.request.validateQuery(listQueryValidator)
    )
    return pageEnvelope(
      page.rows.map((row) => serializeTranslationSettings(row, access, user)),
      page
    )
  }
}
