import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import DeleteSection from '~/components/delete_section'
import { SelectField, TextField } from '~/components/form_fields'
import Grants from '~/components/grants'
import Setting from '~/components/setting'
import ParentLink from '~/components/parent_link'
import ContentTree from '~/components/content_tree'
import ChangeRequestList from '~/components/change_request_list'
import { formatDate, MEMBER_ROLES, roleValue } from '~/components/format'
import type { SpacePageProps } from '~/types'

/**
 * A space (the API's `urls.app`): its settings, where it is, who was granted access; its admins
 * edit and delete it.
 */
export default function Space({
  organization,
  space,
  parent,
  grants,
  canManage,
  visibilities,
  editModes,
  pages,
  changeRequests,
}: SpacePageProps) {
  const url = `/console/spaces/${space.id}`
  const form = useForm({
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    editMode: space.editMode,
    defaultLevel: roleValue(space.defaultLevel),
  })

  function save(event: FormEvent) {
    event.preventDefault()
    form.patch(url, { preserveScroll: true })
  }

  return (
    <ConsoleLayout>
      <Head title={space.title} />
      <OrganizationHeader
        organization={organization}
        current="spaces"
        title={`${space.emoji ?? ''} ${space.title}`.trim()}
      />
      <Flash />

      <dl className="card settings" data-testid="space-settings">
        <Setting label="Space id">
          <code>{space.id}</code>
        </Setting>
        <Setting label="Title">{space.title}</Setting>
        <Setting label="Emoji">{space.emoji ?? <span className="muted">none</span>}</Setting>
        <Setting label="Visibility">{space.visibility}</Setting>
        <Setting label="Edit mode">{space.editMode}</Setting>
        <Setting label="Default level">
          {space.defaultLevel ?? <span className="muted">inherit</span>}
        </Setting>
        <Setting label="In">
          <ParentLink parent={parent} />
        </Setting>
        <Setting label="Your role">{space.role}</Setting>
        <Setting label="Created">{formatDate(space.createdAt)}</Setting>
        <Setting label="Updated">{formatDate(space.updatedAt)}</Setting>
      </dl>

      <div className="section">
        <h2>Pages</h2>
        <ContentTree pages={pages} />
      </div>

      <div className="section">
        <h2>Change requests</h2>
        <ChangeRequestList changeRequests={changeRequests} />
      </div>

      <Grants grants={grants} on="space" />

      {canManage ? (
        <>
          <form
            className="card settings-form section"
            onSubmit={save}
            noValidate
            data-testid="space-form"
          >
            <h2>Edit the space</h2>
            <TextField
              label="Title"
              name="title"
              maxLength={50}
              value={form.data.title}
              error={form.errors.title}
              onChange={(value) => form.setData('title', value)}
            />
            <TextField
              label="Emoji"
              name="emoji"
              maxLength={50}
              value={form.data.emoji}
              error={form.errors.emoji}
              onChange={(value) => form.setData('emoji', value)}
            />
            <SelectField
              label="Visibility"
              name="visibility"
              options={visibilities}
              value={form.data.visibility}
              error={form.errors.visibility}
              onChange={(value) => form.setData('visibility', value)}
            />
            <SelectField
              label="Edit mode"
              name="editMode"
              options={editModes}
              value={form.data.editMode}
              error={form.errors.editMode}
              onChange={(value) => form.setData('editMode', value)}
            />
            <SelectField
              label="Default level"
              name="defaultLevel"
              options={MEMBER_ROLES}
              emptyLabel="inherit"
              value={form.data.defaultLevel}
              error={form.errors.defaultLevel}
              onChange={(value) => form.setData('defaultLevel', value)}
            />
            <button type="submit" className="button" disabled={form.processing}>
              Save
            </button>
          </form>

          <DeleteSection
            kind="space"
            title={space.title}
            url={url}
            explanation="A deleted space can be restored through the API for 7 days."
          />
        </>
      ) : null}

      <p>
        <Link href={`/console/orgs/${organization.id}/spaces`}>
          All spaces of {organization.title}
        </Link>
      </p>
    </ConsoleLayout>
  )
}
