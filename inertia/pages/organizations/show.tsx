import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import { formatDate, formatRole } from '~/components/format'
import type { OrganizationSettingsPageProps } from '~/types'

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="setting">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function enabled(value: boolean) {
  return value ? 'Enabled' : 'Disabled'
}

/**
 * An organization's settings (read only for now).
 */
export default function OrganizationSettings({ organization }: OrganizationSettingsPageProps) {
  return (
    <ConsoleLayout>
      <Head title={organization.title} />
      <p className="breadcrumb">
        <Link href="/console">Organizations</Link> /
      </p>
      <h1 data-testid="organization-title">{organization.title}</h1>

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
