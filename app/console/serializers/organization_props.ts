import type { OrganizationAccess } from '#organizations/organization_access'

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
    plan: organization.plan,
    createdAt: organization.createdAt.toISO()!,
    role,
  }
}
