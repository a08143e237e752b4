import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import TranslationSettingsService from '#translations/services/translation_settings_service'

/**
 * DELETE /v1/orgs/{organizationId}/translations/{translationSettingsId} — 205; admins only.
 */
@inject()
export default class DeleteTranslationSettingsController {
  constructor(
    private organizations: OrganizationService,
    private translations: TranslationSettingsService
  ) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(TranslationSettingsPolicy).authorize('manage', access)
    await this.translations.delete(access, params.translationSettingsId)
    response.status(205)
  }
}
