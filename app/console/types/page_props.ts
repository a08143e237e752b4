/*
| Props of the console's pages. Plain types that import nothing but other plain types: the React
| pages (inertia/) import them too, so the frontend type-check does not pull in server code.
*/
import type { RoleOrGuest } from '#core/roles'

/**
 * `null` is a guest: a member without an organization-wide role.
 */
export type MemberRole = RoleOrGuest

/**
 * Shared with every page (config/inertia.ts).
 */
export type ConsoleSharedProps = {
  user: { email: string; displayName: string } | null
  /**
   * Flashed by a failed form submission (field name or error code → message); absent otherwise.
   */
  errors?: Record<string, string>
}

export type OrganizationSummaryProps = {
  id: string
  title: string
  hostname: string | null
  role: MemberRole
  createdAt: string
}

export type OrganizationSettingsProps = {
  id: string
  title: string
  hostname: string | null
  type: string
  emailDomains: string[]
  defaultRole: MemberRole
  sso: boolean
  ai: boolean
  inviteLinks: boolean
  plan: string
  createdAt: string
  role: MemberRole
}

export type OrganizationListPageProps = {
  organizations: OrganizationSummaryProps[]
  count: number
  nextPage: string | null
}

export type OrganizationSettingsPageProps = {
  organization: OrganizationSettingsProps
}

/**
 * inertia/pages/errors/error.tsx: failures other than not-found, in production.
 */
export type ConsoleErrorPageProps = {
  status: number
  message: string
  requestId?: string
}
