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
        <Setting label="Description">
          {collection.description ?? <span className="muted">none</span>}
        </Setting>
        <Setting label="Default level">
          {collection.defaultLevel ?? <span className="muted">inherit</span>}
        </Setting>
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
          <form
            className="card settings-form section"
            onSubmit={save}
            noValidate
            data-testid="collection-form"
          >
            <h2>Edit the collection</h2>
            <TextField
              label="Title"
              name="title"
              maxLength={50}
              value={form.data.title}
              error={form.errors.title}
              onChange={(value) => form.setData('title', value)}
            />
            <TextField
              label="Description"
              name="description"
              maxLength={100}
              value={form.data.description}
              error={form.errors.description}
              onChange={(value) => form.setData('description', value)}
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
            kind="collection"
            title={collection.title}
            url={url}
            explanation="Only an empty collection can be deleted: move or delete what it holds first."
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
