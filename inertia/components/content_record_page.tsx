import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import DeleteSection from '~/components/delete_section'
import { bind, FormCard, SelectField, TextField, type BoundForm } from '~/components/form_fields'
import Grants from '~/components/grants'
import type { GrantsManagement } from '~/components/space_administration'
import Setting from '~/components/setting'
import ParentLink from '~/components/parent_link'
import { formatDate, MEMBER_ROLES } from '~/components/format'
import { route } from '~/route'
import type { GrantsProps, OrganizationHeaderProps, ParentProps } from '~/types'

type ContentRecord = {
  id: string
  title: string
  defaultLevel: string | null
  role: string
  createdAt: string
  updatedAt: string
}

/**
 * The admins' part of a space's or collection's page: the settings form (title, the record's own
 * `fields`, default level; sent as a PATCH to `updateUrl`) and the delete section.
 */
export type RecordAdministration = {
  fields: ReactNode
  form: BoundForm<{ title: string; defaultLevel: string }> & {
    processing: boolean
    patch: (url: string, options: { preserveScroll: boolean }) => void
  }
  updateUrl: string
  deleteUrl: string
  deleteExplanation: string
  /** Grants changed from their list, and the sections that move the record (before delete). */
  grants?: GrantsManagement
  sections?: ReactNode
}

/**
 * What a space's and a collection's page share: the organization's header, the record's settings
 * (its own ones in `settings`, between its title and default level), the page's own sections
 * (`children`), its grants, the admins' form and delete section, the way back to the spaces.
 */
export default function ContentRecordPage({
  kind,
  organization,
  record,
  heading = record.title,
  parent,
  grants,
  settings,
  showUpdated = false,
  administration,
  children,
}: {
  kind: 'space' | 'collection'
  organization: OrganizationHeaderProps
  record: ContentRecord
  heading?: string
  parent: ParentProps
  grants: GrantsProps
  settings: ReactNode
  showUpdated?: boolean
  administration: RecordAdministration | null
  children: ReactNode
}) {
  const label = kind === 'space' ? 'Space' : 'Collection'
  return (
    <OrganizationPage
      organization={organization}
      current="spaces"
      pageTitle={record.title}
      title={heading}
    >
      <dl className="card settings" data-testid={`${kind}-settings`}>
        <Setting label={`${label} id`}>
          <code>{record.id}</code>
        </Setting>
        <Setting label="Title">{record.title}</Setting>
        {settings}
        <Setting label="Default level">
          {record.defaultLevel ?? <span className="muted">inherit</span>}
        </Setting>
        <Setting label="In">
          <ParentLink parent={parent} />
        </Setting>
        <Setting label="Your role">{record.role}</Setting>
        <Setting label="Created">{formatDate(record.createdAt)}</Setting>
        {showUpdated ? <Setting label="Updated">{formatDate(record.updatedAt)}</Setting> : null}
      </dl>

      {children}

      <Grants grants={grants} on={kind} manage={administration?.grants} />

      {administration ? (
        <>
          <FormCard
            className="card settings-form section"
            title={`Edit the ${kind}`}
            submitLabel="Save"
            testId={`${kind}-form`}
            processing={administration.form.processing}
            onSubmit={() =>
              administration.form.patch(administration.updateUrl, { preserveScroll: true })
            }
          >
            <TextField label="Title" maxLength={50} {...bind(administration.form, 'title')} />
            {administration.fields}
            <SelectField
              label="Default level"
              options={MEMBER_ROLES}
              emptyLabel="inherit"
              {...bind(administration.form, 'defaultLevel')}
            />
          </FormCard>

          {administration.sections}

          <DeleteSection
            kind={kind}
            title={record.title}
            url={administration.deleteUrl}
            explanation={administration.deleteExplanation}
          />
        </>
      ) : null}

      <p>
        <Link href={route('console.spaces.index', { organizationId: organization.id })}>
          All spaces of {organization.title}
        </Link>
      </p>
    </OrganizationPage>
  )
}
