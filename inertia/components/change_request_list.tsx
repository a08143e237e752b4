import { Link } from '@inertiajs/react'
import type { ChangeRequestSummaryProps } from '~/types'
import { formatDate } from '~/components/format'

/**
 * A space's change requests (every status), newest first, each linking to its console page.
 */
export default function ChangeRequestList({
  changeRequests,
}: {
  changeRequests: ChangeRequestSummaryProps[]
}) {
  if (changeRequests.length === 0) {
    return (
      <p className="muted" data-testid="change-request-list">
        No change requests.
      </p>
    )
  }
  return (
    <table className="card table" data-testid="change-request-list">
      <thead>
        <tr>
          <th>#</th>
          <th>Subject</th>
          <th>Status</th>
          <th>Author</th>
          <th>Updated</th>
        </tr>
      </thead>
      <tbody>
        {changeRequests.map((changeRequest) => (
          <tr key={changeRequest.id} data-testid={`change-request-${changeRequest.number}`}>
            <td>{changeRequest.number}</td>
            <td>
              <Link href={changeRequest.url}>
                {changeRequest.subject || `Change request #${changeRequest.number}`}
              </Link>
            </td>
            <td>
              <span className="badge">{changeRequest.status}</span>
            </td>
            <td>{changeRequest.author ?? <span className="muted">unknown</span>}</td>
            <td>{formatDate(changeRequest.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
