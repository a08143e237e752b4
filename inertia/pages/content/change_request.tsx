import { Link } from '@inertiajs/react'
import SpaceContentLayout, { PagesSection } from '~/components/space_content_layout'
import Setting from '~/components/setting'
import { formatDate } from '~/components/format'
import { PdfLink } from '~/components/space_administration'
import { route } from '~/route'
import type { ChangeRequestPageProps } from '~/types'

/**
 * A change request (the API's `urls.app`): what it is and the page tree of its head revision.
 */
export default function ChangeRequest({
  organization,
  space,
  changeRequest,
  tree,
}: ChangeRequestPageProps) {
  const title = `#${changeRequest.number} ${changeRequest.subject}`.trim()
  return (
    <SpaceContentLayout organization={organization} space={space} title={title}>
      <dl className="card settings" data-testid="change-request-details">
        <Setting label="Number">{changeRequest.number}</Setting>
        <Setting label="Subject">
          {changeRequest.subject || <span className="muted">none</span>}
        </Setting>
        <Setting label="Status">
          <span className="badge" data-testid="change-request-status">
            {changeRequest.status}
          </span>
        </Setting>
        <Setting label="Author">
          {changeRequest.author ?? <span className="muted">unknown</span>}
        </Setting>
        <Setting label="Created">{formatDate(changeRequest.createdAt)}</Setting>
        <Setting label="Updated">{formatDate(changeRequest.updatedAt)}</Setting>
        {changeRequest.mergedAt ? (
          <Setting label="Merged">{formatDate(changeRequest.mergedAt)}</Setting>
        ) : null}
        <Setting label="Head revision">
          <Link
            href={route('console.revisions.show', {
              spaceId: space.id,
              revisionId: changeRequest.revisionId,
            })}
            data-testid="revision-link"
          >
            <code>{changeRequest.revisionId}</code>
          </Link>
        </Setting>
        <Setting label="Id">
          <code>{changeRequest.id}</code>
        </Setting>
      </dl>

      <PdfLink
        href={route('console.change_requests.pdf', {
          spaceId: space.id,
          changeRequestId: changeRequest.id,
        })}
      />
      <PagesSection pages={tree} />
    </SpaceContentLayout>
  )
}
