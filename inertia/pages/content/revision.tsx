import { Link } from '@inertiajs/react'
import SpaceContentLayout, { PagesSection } from '~/components/space_content_layout'
import Setting from '~/components/setting'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { RevisionPageProps } from '~/types'

/**
 * A revision of a space (the API's `urls.app`): its parents, type, date and page tree.
 */
export default function Revision({ organization, space, revision, tree }: RevisionPageProps) {
  return (
    <SpaceContentLayout organization={organization} space={space} title={`Revision ${revision.id}`}>
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
              <Link
                key={parent}
                href={route('console.revisions.show', { spaceId: space.id, revisionId: parent })}
              >
                <code>{parent}</code>{' '}
              </Link>
            ))
          )}
        </Setting>
      </dl>

      <PagesSection pages={tree} />
    </SpaceContentLayout>
  )
}
