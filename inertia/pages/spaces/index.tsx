import { Head, Link } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import SpaceTree from '~/components/space_tree'
import CreateContentForms from '~/components/create_content_forms'
import SearchBox from '~/components/search_box'
import { route } from '~/route'
import type { SpacesPageProps } from '~/types'

/**
 * The organization's collections and spaces as the signed-in user sees them, and the forms that
 * create content where they may.
 */
export default function Spaces({ organization, tree, targets }: SpacesPageProps) {
  const canCreate = targets.root || targets.collections.length > 0
  return (
    <ConsoleLayout>
      <Head title={`Spaces · ${organization.title}`} />
      <OrganizationHeader organization={organization} current="spaces" />
      <Flash />

      <SearchBox
        action={route('console.search', { organizationId: organization.id })}
        label="Search all spaces"
      />

      {tree.length === 0 ? (
        <p className="card empty">No space or collection you can see yet.</p>
      ) : (
        <SpaceTree nodes={tree} testId="space-tree" />
      )}

      {canCreate ? (
        <CreateContentForms
          organizationId={organization.id}
          root={targets.root}
          parents={targets.collections}
        />
      ) : null}

      <p className="trash-link">
        <Link href={route('console.spaces.trash', { organizationId: organization.id })}>
          Trash: deleted spaces to restore
        </Link>
      </p>
    </ConsoleLayout>
  )
}
