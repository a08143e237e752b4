import { Head, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Setting from '~/components/setting'
import Flash from '~/components/flash'
import { bind, Field, FormCard, Select, sendingInPlace, TextField } from '~/components/form_fields'
import { TextAreaField } from '~/components/site_parts'
import { CheckboxField, SettingsNavigation } from '~/components/settings_parts'
import { formatDate, formatRole } from '~/components/format'
import { route } from '~/route'
import type { OrganizationSettingsPageProps } from '~/types'

function enabled(value: boolean) {
  return value ? 'Enabled' : 'Disabled'
}

/**
 * An organization's settings, with the tabs to its members, teams and spaces: its admins change
 * them (title, hostname, e-mail domains, default role, logo, invite links, AI); other members read
 * them.
 */
export default function OrganizationSettings({
  organization,
  header,
  navigation,
  roles,
}: OrganizationSettingsPageProps) {
  return (
    <ConsoleLayout>
      <Head title={organization.title} />
      <OrganizationHeader organization={header} current="settings" />
      <SettingsNavigation
        organizationId={organization.id}
        navigation={navigation}
        current="general"
      />
      <Flash />

      {navigation.canEdit ? <SettingsForm organization={organization} roles={roles} /> : null}

      <dl className="card settings section" data-testid="organization-settings">
        <Setting label="Organization id">
          <code>{organization.id}</code>
        </Setting>
        {navigation.canEdit ? null : (
          <>
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
            <Setting label="AI">{enabled(organization.ai)}</Setting>
            <Setting label="Invite links">{enabled(organization.inviteLinks)}</Setting>
          </>
        )}
        <Setting label="Single sign-on">
          {organization.sso ? 'Required for members who are not admins' : 'Not required'}
        </Setting>
        <Setting label="Plan">{organization.plan}</Setting>
        <Setting label="Created">{formatDate(organization.createdAt)}</Setting>
        <Setting label="Your role">{formatRole(organization.role)}</Setting>
      </dl>
    </ConsoleLayout>
  )
}

/**
 * The admins' form: every field sent together, saved at once or not at all.
 */
function SettingsForm({
  organization,
  roles,
}: Pick<OrganizationSettingsPageProps, 'organization' | 'roles'>) {
  const form = useForm({
    title: organization.title,
    hostname: organization.hostname ?? '',
    emailDomains: organization.emailDomains.join('\n'),
    defaultRole: organization.defaultRole ?? '',
    logo: organization.logoUrl ?? '',
    inviteLinks: organization.inviteLinks,
    ai: organization.ai,
  })
  const url = route('console.organizations.update', { organizationId: organization.id })
  const roleLabels: Record<string, string> = { '': 'None (invitations choose a role)' }

  return (
    <FormCard
      title="Organization settings"
      submitLabel="Save settings"
      testId="organization-settings-form"
      className="card settings-form section"
      {...sendingInPlace(form, 'patch', url)}
    >
      <div className="two-columns">
        <div>
          <TextField label="Title" maxLength={255} required {...bind(form, 'title')} />
          <TextField
            label="Hostname (the organization's short name, for single sign-on)"
            maxLength={32}
            placeholder="acme"
            {...bind(form, 'hostname')}
          />
          <Field label="Default role of new members" error={form.errors.defaultRole}>
            <Select
              name="defaultRole"
              value={form.data.defaultRole}
              options={['', ...roles]}
              optionLabel={(role) => roleLabels[role] ?? role}
              onChange={(value) => form.setData('defaultRole', value)}
            />
          </Field>
          <TextField
            label="Logo URL"
            type="url"
            maxLength={2048}
            placeholder="https://example.com/logo.png"
            {...bind(form, 'logo')}
          />
        </div>
        <div>
          <TextAreaField
            label="E-mail domains (one per line)"
            rows={5}
            {...bind(form, 'emailDomains')}
          />
          <p className="muted field-hint">
            People with an address at one of these domains may join the organization.
          </p>
          <CheckboxField
            label="Invite links"
            name="inviteLinks"
            hint="Admins may share links that let anyone who has them join."
            checked={form.data.inviteLinks}
            error={form.errors.inviteLinks}
            onChange={(checked) => form.setData('inviteLinks', checked)}
          />
          <CheckboxField
            label="AI features"
            name="ai"
            checked={form.data.ai}
            error={form.errors.ai}
            onChange={(checked) => form.setData('ai', checked)}
          />
        </div>
      </div>
    </FormCard>
  )
}
