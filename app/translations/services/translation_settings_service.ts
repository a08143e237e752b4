import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { isWellFormedId } from '#core/ids'
import { paginate, type ListQuery } from '#core/http/pagination'
import type { OrganizationAccess } from '#organizations/organization_access'
import TranslationSettings from '#translations/models/translation_settings'
import type { TranslationSettingsRow } from '#translations/serializers/translation_settings_serializer'
import type { TranslationLanguage } from '#translations/validators/translation_settings_validators'

export type TranslationSettingsInput = { title: string; languages?: TranslationLanguage[] }

const COLUMNS = ['id', 'organization_id', 'title', 'languages', 'created_at', 'updated_at']

/**
 * Translation settings of an organization. Authorization is the caller's business (policy); this
 * service scopes every lookup to the organization, so another organization's ids are unknown here.
 */
export default class TranslationSettingsService {
  /**
   * Oldest first, one keyset page at a time.
   */
  async list(access: OrganizationAccess, query: ListQuery) {
    const builder = db
      .from('translation_settings')
      .where('organization_id', access.organization.id)
      .select(COLUMNS)
    return paginate<TranslationSettingsRow>(builder, {
      ...query,
      order: [
        { column: 'created_at', key: 'created_at' },
        { column: 'id', key: 'id' },
      ],
    })
  }

  async find(access: OrganizationAccess, id: string): Promise<TranslationSettingsRow> {
    if (isWellFormedId(id)) {
      const row = await db
        .from('translation_settings')
        .where('organization_id', access.organization.id)
        .where('id', id)
        .select(COLUMNS)
        .first()
      if (row) return row
    }
    throw NotFoundException.resource('translation settings', id)
  }

  async create(
    access: OrganizationAccess,
    input: TranslationSettingsInput
  ): Promise<TranslationSettingsRow> {
    const record = await TranslationSettings.create({
      organizationId: access.organization.id,
      title: input.title,
      languages: input.languages ?? [],
    })
    return this.find(access, record.id)
  }

  /**
   * PUT: every field replaced; an omitted `languages` becomes empty.
   */
  async replace(access: OrganizationAccess, id: string, input: TranslationSettingsInput) {
    await this.find(access, id)
    const record = await TranslationSettings.findOrFail(id)
    record.merge({ title: input.title, languages: input.languages ?? [] })
    await record.save()
    return this.find(access, id)
  }

  async delete(access: OrganizationAccess, id: string): Promise<void> {
    await this.find(access, id)
    await db
      .from('translation_settings')
      .where('organization_id', access.organization.id)
      .where('id', id)
      .delete()
  }
}
