import { useState, type FormEvent } from 'react'
import { Head, Link, router, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import Grants from '~/components/grants'
import Setting from '~/components/setting'
import ParentLink from '~/components/parent_link'
import { formatDate, MEMBER_ROLES, roleValue } from '~/components/format'
import type { SpacePageProps } from '~/types'

/**
 * A space (the API's `urls.app`): its settings, where it is, who was granted access; its admins
 * edit and delete it.
 */
export default function Space({ organization, space, parent, grants, canManage, visibilities, editModes }: SpacePageProps) {
  const url = `/console/spaces/${space.id}`
  const form = useForm({
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    editMode: space.editMode,
    defaultLevel: roleValue(space.defaultLevel),
  })
  const [confirmDelete, setConfirmDelete] = useState(false)

  function save(event: FormEvent) {
    event.preventDefault()
    form.patch(url, { preserveScroll: true })
  }

  return (
    <ConsoleLayout>
      <Head title={space.title} />
      <OrganizationHeader organization={organization} current="spaces" title={`${space.emoji ?? ''} ${space.title}`.trim()} />
      <Flash />

      <dl className="card settings" data-testid="space-settings">
        <Setting label="Space id">
          <code>{space.id}</code>
        </Setting>
        <Setting label="Title">{space.title}</Setting>
        <Setting label="Emoji">{space.emoji ?? <span className="muted">none</span>}</Setting>
        <Setting label="Visibility">{space.visibility}</Setting>
        <Setting label="Edit mode">{space.editMode}</Setting>
        <Setting label="Default level">{space.defaultLevel ?? <span className="muted">inherit</span>}</Setting>
        <Setting label="In">
          <ParentLink parent={parent} />
        </Setting>
        <Setting label="Your role">{space.role}</Setting>
        <Setting label="Created">{formatDate(space.createdAt)}</Setting>
        <Setting label="Updated">{formatDate(space.updatedAt)}</Setting>
      </dl>

      <Grants grants={grants} on="space" />

      {canManage ? (
        <>
          <form className="card settings-form section" onSubmit={save} noValidate data-testid="space-form">
            <h2>Edit the space</h2>
            <label className="field">
              <span>Title</span>
              <input
                name="title"
                maxLength={50}
                value={form.data.title}
                onChange={(event) => form.setData('title', event.target.value)}
                aria-invalid={form.errors.title ? true : undefined}
              />
              {form.errors.title && <span className="field-error">{form.errors.title}</span>}
            </label>
            <label className="field">
              <span>Emoji</span>
              <input
                name="emoji"
                maxLength={50}
                value={form.data.emoji}
                onChange={(event) => form.setData('emoji', event.target.value)}
                aria-invalid={form.errors.emoji ? true : undefined}
              />
              {form.errors.emoji && <span className="field-error">{form.errors.emoji}</span>}
            </label>
            <label className="field">
              <span>Visibility</span>
              <select name="visibility" value={form.data.visibility} onChange={(event) => form.setData('visibility', event.target.value)}>
                {visibilities.map((visibility) => (
                  <option key={visibility} value={visibility}>
                    {visibility}
                  </option>
                ))}
              </select>
              {form.errors.visibility && <span className="field-error">{form.errors.visibility}</span>}
            </label>
            <label className="field">
              <span>Edit mode</span>
              <select name="editMode" value={form.data.editMode} onChange={(event) => form.setData('editMode', event.target.value)}>
                {editModes.map((mode) => (
                  <option key={mode} value={mode}>
                    {mode}
                  </option>
                ))}
              </select>
              {form.errors.editMode && <span className="field-error">{form.errors.editMode}</span>}
            </label>
            <label className="field">
              <span>Default level</span>
              <select name="defaultLevel" value={form.data.defaultLevel} onChange={(event) => form.setData('defaultLevel', event.target.value)}>
                <option value="">inherit</option>
                {MEMBER_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
              {form.errors.defaultLevel && <span className="field-error">{form.errors.defaultLevel}</span>}
            </label>
            <button type="submit" className="button" disabled={form.processing}>
              Save
            </button>
          </form>

          <section className="section">
            <h2>Delete the space</h2>
            <p className="muted">A deleted space can be restored through the API for 7 days.</p>
            {confirmDelete ? (
              <p className="row-actions">
                <button type="button" className="button button-danger" onClick={() => router.delete(url)}>
                  Confirm: delete {space.title}
                </button>
                <button type="button" className="button button-quiet" onClick={() => setConfirmDelete(false)}>
                  Cancel
                </button>
              </p>
            ) : (
              <button type="button" className="button button-danger button-quiet" onClick={() => setConfirmDelete(true)}>
                Delete space
              </button>
            )}
          </section>
        </>
      ) : null}

      <p>
        <Link href={`/console/orgs/${organization.id}/spaces`}>All spaces of {organization.title}</Link>
      </p>
    </ConsoleLayout>
  )
}
