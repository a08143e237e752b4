import { Head } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Setting from '~/components/setting'
import Flash from '~/components/flash'
import { formatDate, formatRole } from '~/components/format'
import type { OrganizationSettingsPageProps } from '~/types'

function enabled(value: boolean) {
  return value ? 'Enabled' : 'Disabled'
}

/**
 * An organization's settings (read only for now), with the tabs to its members, teams and spaces.
 */
export default function OrganizationSettings({
  organization,
  header,
}: OrganizationSettingsPageProps) {
  return (
    <ConsoleLayout>
      <Head title={organization.title} />
      <OrganizationHeader organization={header} current="settings" />
      <Flash />

      <dl className="card settings" data-testid="organization-settings">
        <Setting label="Organization id">
          <code>{organization.id}</code>
        </Setting>
        <Setting label="Title">{organization.title}</Setting>
        <Setting label="Hostname">
          {organization.hostname ?? <span className="muted">none</span>}
        </Setting>
        <Setting label="E-mail domains">
          {organization.emailDomains.length > 0 ? (
            organization.emailDomains.join(', ')
          ) : (
            <span className="muted">none</span>
          )}
        </Setting>
        <Setting label="Default role">{formatRole(organization.defaultRole)}</Setting>
        <Setting label="Single sign-on">{enabled(organization.sso)}</Setting>
        <Setting label="AI">{enabled(organization.ai)}</Setting>
        <Setting label="Invite links">{enabled(organization.inviteLinks)}</Setting>
        <Setting label="Plan">{organization.plan}</Setting>
        <Setting label="Created">{formatDate(organization.createdAt)}</Setting>
        <Setting label="Your role">{formatRole(organization.role)}</Setting>
      </dl>
    </ConsoleLayout>
  )
}
