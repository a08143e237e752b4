import { Link } from '@inertiajs/react'
import type { ChangeRequestSummaryProps } from '~/types'
import { formatDate } from '~/components/format'

export const CHANGE_REQUEST_STATUSES = ['open', 'draft', 'merged', 'archived'] as const
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number]

const STATUS_LABELS: Record<ChangeRequestStatus, string> = {
  open: 'Open',
  draft: 'Draft',
  merged: 'Merged',
  archived: 'Archived',
}

/**
 * A change request's status as a badge (open and merged stand out).
 */
export function ChangeRequestStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge cr-status cr-status-${status}`} data-testid="change-request-status">
      {STATUS_LABELS[status as ChangeRequestStatus] ?? status}
    </span>
  )
}

/**
 * Tabs filtering a space's change requests by status, each with its count; `baseUrl` is the
 * space's page (its `?status=` chooses).
 */
export function ChangeRequestFilters({
  baseUrl,
  counts,
  current,
}: {
  baseUrl: string
  counts: Record<ChangeRequestStatus, number>
  current: string | null
}) {
  const total = CHANGE_REQUEST_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0)
  const filters = [
    { status: null, label: 'All', count: total },
    ...CHANGE_REQUEST_STATUSES.map((status) => ({
      status,
      label: STATUS_LABELS[status],
      count: counts[status] ?? 0,
    })),
  ]
  return (
    <nav
      className="cr-filters"
      aria-label="Change request status"
      data-testid="change-request-filters"
    >
      {filters.map((filter) => (
        <Link
          key={filter.label}
          href={filter.status ? `${baseUrl}?status=${filter.status}` : baseUrl}
          preserveScroll
          className={filter.status === current ? 'cr-filter cr-filter-current' : 'cr-filter'}
          aria-current={filter.status === current ? 'page' : undefined}
          data-testid={`change-request-filter-${filter.status ?? 'all'}`}
        >
          {filter.label} <span className="cr-count">{filter.count}</span>
        </Link>
      ))}
    </nav>
  )
}

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
              <ChangeRequestStatusBadge status={changeRequest.status} />
            </td>
            <td>{changeRequest.author ?? <span className="muted">unknown</span>}</td>
            <td>{formatDate(changeRequest.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
