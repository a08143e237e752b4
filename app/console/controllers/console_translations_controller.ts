import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { isoTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import { listQueryValidator } from '#core/http/pagination'
import TranslationSettingsService from '#translations/services/translation_settings_service'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'
import {
  TRANSLATION_LANGUAGES,
  translationSettingsValidator,
} from '#translations/validators/translation_settings_validators'
import type { TranslationSettingsRow } from '#translations/serializers/translation_settings_serializer'
import ConsoleAccessService from '#console/services/console_access_service'
import { organizationHeader } from '#console/serializers/administration_props'
import { settingsNavigation } from '#console/serializers/organization_props'
import { listQueryOf, pageProps } from '#console/serializers/list_props'
import { formInput, noticeBack } from '#console/http/console_form'

const policy = new TranslationSettingsPolicy()
const FIELDS = ['title', 'languages']

/**
 * The organization's translation settings in the console, through the translations domain's
 * service and policy: members with a role read them, admins create, change and delete them.
 */
@inject()
export default class ConsoleTranslationsController {
  constructor(
    private console: ConsoleAccessService,
    private translations: TranslationSettingsService
  ) {}

  /** GET /console/orgs/:organizationId/translations. */
  async index(ctx: HttpContext) {
    const { user, access } = await this.access(ctx, 'view')
    const page = await this.translations.list(
      access,
      await listQueryOf(listQueryValidator, ctx.request)
    )
    return ctx.inertia.render('organizations/translations', {
      organization: organizationHeader(user, access),
      navigation: settingsNavigation(user, access),
      settings: page.rows.map(translationProps),
      languages: [...TRANSLATION_LANGUAGES],
      canManage: policy.permissions(user, access).edit,
      ...pageProps({ items: [], ...page }),
    })
  }

  /** POST /console/orgs/:organizationId/translations. */
  async store(ctx: HttpContext) {
    const { access } = await this.access(ctx, 'manage')
    const input = await formInput(ctx, translationSettingsValidator, FIELDS)
    const row = await this.translations.create(access, input)
    return noticeBack(ctx, `Translation settings ${row.title} created.`)
  }

  /** PUT .../translations/:translationSettingsId: title and languages replaced. */
  async update(ctx: HttpContext) {
    const { access } = await this.access(ctx, 'manage')
    const input = await formInput(ctx, translationSettingsValidator, FIELDS)
    const row = await this.translations.replace(access, ctx.params.translationSettingsId, input)
    return noticeBack(ctx, `Translation settings ${row.title} saved.`)
  }

  /** DELETE .../translations/:translationSettingsId. */
  async destroy(ctx: HttpContext) {
    const { access } = await this.access(ctx, 'manage')
    const row = await this.translations.find(access, ctx.params.translationSettingsId)
    await this.translations.delete(access, row.id)
    return noticeBack(ctx, `Translation settings ${row.title} deleted.`)
  }

  private async access(ctx: HttpContext, action: 'view' | 'manage') {
    const { user, access } = await this.console.organization(ctx)
    await ctx.bouncer.with(TranslationSettingsPolicy).authorize(action, access)
    return { user, access }
  }
}

function translationProps(row: TranslationSettingsRow) {
  return {
    id: row.id,
    title: row.title,
    languages: parseJson<string[]>(row.languages) ?? [],
    updatedAt: isoTimestamp(row.updated_at)!,
  }
}
