import { Head, Link } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Setting from '~/components/setting'
import ContentTree from '~/components/content_tree'
import SpaceBreadcrumb from '~/components/space_breadcrumb'
import { formatDate } from '~/components/format'
import type { RevisionPageProps } from '~/types'

/**
 * A revision of a space (the API's `urls.app`): its parents, type, date and page tree.
 */
export default function Revision({ organization, space, revision, tree }: RevisionPageProps) {
  return (
    <ConsoleLayout>
      <Head title={`Revision ${revision.id}`} />
      <OrganizationHeader
        organization={organization}
        current="spaces"
        title={`Revision ${revision.id}`}
      />
      <SpaceBreadcrumb space={space} />

      <dl className="card settings" data-testid="revision-details">
        <Setting label="Revision id">
          <code data-testid="revision-id">{revision.id}</code>
        </Setting>
        <Setting label="Type">{revision.type}</Setting>
        <Setting label="Created">{formatDate(revision.createdAt)}</Setting>
        <Setting label="Parents">
          {revision.parents.length === 0 ? (
            <span className="muted">none</span>
          ) : (
            revision.parents.map((parent) => (
              <Link key={parent} href={`/console/spaces/${space.id}/revisions/${parent}`}>
                <code>{parent}</code>{' '}
              </Link>
            ))
          )}
        </Setting>
      </dl>

      <div className="section">
        <h2>Pages</h2>
        <ContentTree pages={tree} />
      </div>
    </ConsoleLayout>
  )
}
