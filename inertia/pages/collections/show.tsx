import { useState, type FormEvent } from 'react'
import { Head, Link, router, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import Grants from '~/components/grants'
import Setting from '~/components/setting'
import ParentLink from '~/components/parent_link'
import SpaceTree from '~/components/space_tree'
import CreateContentForms from '~/components/create_content_forms'
import { formatDate, MEMBER_ROLES, roleValue } from '~/components/format'
import type { CollectionPageProps } from '~/types'

/**
 * A collection (the API's `urls.app`): settings, contents, grants; its admins edit it and delete it
 * once empty; members with `create` on it create spaces and collections inside.
 */
export default function Collection({
  organization,
  collection,
  parent,
  grants,
  children,
  canManage,
  canCreate,
}: CollectionPageProps) {
  const url = `/console/collections/${collection.id}`
  const form = useForm({
    title: collection.title,
    description: collection.description ?? '',
    defaultLevel: roleValue(collection.defaultLevel),
  })
  const [confirmDelete, setConfirmDelete] = useState(false)

  function save(event: FormEvent) {
    event.preventDefault()
    form.patch(url, { preserveScroll: true })
  }

  return (
    <ConsoleLayout>
      <Head title={collection.title} />
      <OrganizationHeader organization={organization} current="spaces" title={collection.title} />
      <Flash />

      <dl className="card settings" data-testid="collection-settings">
        <Setting label="Collection id">
          <code>{collection.id}</code>
        </Setting>
        <Setting label="Title">{collection.title}</Setting>
        <Setting label="Description">{collection.description ?? <span className="muted">none</span>}</Setting>
        <Setting label="Default level">{collection.defaultLevel ?? <span className="muted">inherit</span>}</Setting>
        <Setting label="In">
          <ParentLink parent={parent} />
        </Setting>
        <Setting label="Your role">{collection.role}</Setting>
        <Setting label="Created">{formatDate(collection.createdAt)}</Setting>
      </dl>

      <section className="section">
        <h2>Contents</h2>
        {children.length === 0 ? (
          <p className="card empty muted">This collection is empty.</p>
        ) : (
          <SpaceTree nodes={children} testId="collection-tree" />
        )}
      </section>

      {canCreate ? (
        <CreateContentForms
          organizationId={organization.id}
          root={false}
          parents={[{ id: collection.id, title: collection.title }]}
        />
      ) : null}

      <Grants grants={grants} on="collection" />

      {canManage ? (
        <>
          <form className="card settings-form section" onSubmit={save} noValidate data-testid="collection-form">
            <h2>Edit the collection</h2>
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
              <span>Description</span>
              <input
                name="description"
                maxLength={100}
                value={form.data.description}
                onChange={(event) => form.setData('description', event.target.value)}
                aria-invalid={form.errors.description ? true : undefined}
              />
              {form.errors.description && <span className="field-error">{form.errors.description}</span>}
            </label>
            <label className="field">
              <span>Default level</span>
              <select
                name="defaultLevel"
                value={form.data.defaultLevel}
                onChange={(event) => form.setData('defaultLevel', event.target.value)}
              >
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
            <h2>Delete the collection</h2>
            <p className="muted">Only an empty collection can be deleted: move or delete what it holds first.</p>
            {confirmDelete ? (
              <p className="row-actions">
                <button type="button" className="button button-danger" onClick={() => router.delete(url)}>
                  Confirm: delete {collection.title}
                </button>
                <button type="button" className="button button-quiet" onClick={() => setConfirmDelete(false)}>
                  Cancel
                </button>
              </p>
            ) : (
              <button type="button" className="button button-danger button-quiet" onClick={() => setConfirmDelete(true)}>
                Delete collection
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
