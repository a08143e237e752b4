import type User from '#accounts/models/user'
import type { OrganizationAccess } from '#organizations/organization_access'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import TranslationSettingsPolicy from '#translations/policies/translation_settings_policy'

const organizationPolicy = new OrganizationPolicy()
const translationPolicy = new TranslationSettingsPolicy()

/**
 * An organization as a row of the console's list.
 */
export function organizationSummary({ organization, role }: OrganizationAccess) {
  return {
    id: organization.id,
    title: organization.title,
    hostname: organization.hostname,
    role,
    createdAt: organization.createdAt.toISO()!,
  }
}

/**
 * An organization's settings as the console's settings page shows them.
 */
export function organizationSettings({ organization, role }: OrganizationAccess) {
  return {
    id: organization.id,
    title: organization.title,
    hostname: organization.hostname,
    type: organization.type,
    emailDomains: organization.emailDomains,
    defaultRole: organization.defaultRole,
    sso: organization.sso,
    ai: organization.ai,
    inviteLinks: organization.inviteLinks,
    logoUrl: organization.logoUrl,
    plan: organization.plan,
    createdAt: organization.createdAt.toISO()!,
    role,
  }
}

/**
 * The sub-pages of an organization's settings the user may open (the API's policies): general
 * settings for every member, single sign-on for admins, translations for members with a role.
 */
export function settingsNavigation(user: User, access: OrganizationAccess) {
  return {
    canEdit: organizationPolicy.admin(user, access),
    sso: organizationPolicy.admin(user, access),
    translations: translationPolicy.permissions(user, access).view,
    auditLog: organizationPolicy.admin(user, access),
  }
}
