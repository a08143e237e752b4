import { Head, Link } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import Flash from '~/components/flash'
import { formatDate, formatRole } from '~/components/format'
import type { OrganizationListPageProps } from '~/types'

export default function OrganizationList({
  organizations,
  count,
  nextPage,
}: OrganizationListPageProps) {
  return (
    <ConsoleLayout>
      <Head title="Organizations" />
      <h1>Organizations</h1>
      <Flash />
      <p className="muted">
        {count === 1 ? 'You belong to 1 organization.' : `You belong to ${count} organizations.`}
      </p>

      {organizations.length === 0 ? (
        <p className="card empty">
          No organization yet. Create one with the API (<code>POST /v1/orgs</code>) or with{' '}
          <code>node ace bindery:bootstrap</code>.
        </p>
      ) : (
        <table className="card table" data-testid="organization-list">
          <thead>
            <tr>
              <th>Title</th>
              <th>Hostname</th>
              <th>Your role</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {organizations.map((organization) => (
              <tr key={organization.id}>
                <td>
                  <Link href={`/console/orgs/${organization.id}`}>{organization.title}</Link>
                </td>
                <td>{organization.hostname ?? <span className="muted">none</span>}</td>
                <td>{formatRole(organization.role)}</td>
                <td>{formatDate(organization.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {nextPage && (
        <p>
          <Link href="/console" data={{ page: nextPage }} className="button button-quiet">
            Next page
          </Link>
        </p>
      )}
    </ConsoleLayout>
  )
}
