import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import { serializeTranslationSettings } from '#translations/serializers/translation_settings_serializer'

/**
 * GET /v1/orgs/{organizationId}/translations.
 */
@inject()
export default class ListTranslationSettingsController {
  constructor(
    private organizations: OrganizationService,
    private translations: TranslationSettingsService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(TranslationSettingsPolicy).authorize('view', access)
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.translations.list(access, query)
    return listEnvelope(
      page.rows.map((row) => serializeTranslationSettings(row, access, user)),
      page.count,
      page.next
    )
  }
}
