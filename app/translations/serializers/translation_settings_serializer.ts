import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import { isoTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import type { OrganizationAccess } from '#organizations/organization_access'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'

const policy = new TranslationSettingsPolicy()

/**
 * A translation_settings row as read by the query builder (or a model's attributes in the same
 * snake_case shape).
 */
export type TranslationSettingsRow = {
  id: string
  organization_id: string
  title: string
  languages: unknown
  created_at: unknown
  updated_at: unknown
}

/**
 * The platform's Translation settings record (object `translation-settings`), for the caller.
 */
export function serializeTranslationSettings(
  row: TranslationSettingsRow,
  access: OrganizationAccess,
  caller: User
) {
  return {
    object: 'translation-settings' as const,
    id: row.id,
    title: row.title,
    languages: parseJson<string[]>(row.languages) ?? [],
    createdAt: isoTimestamp(row.created_at)!,
    updatedAt: isoTimestamp(row.updated_at)!,
    permissions: policy.permissions(caller, access),
    urls: { location: urls.api(`/orgs/${row.organization_id}/translations/${row.id}`) },
  }
}
