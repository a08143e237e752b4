import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import Table from '~/components/table'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { TrashPageProps } from '~/types'

/**
 * The organization's trash: deleted spaces the signed-in user administers, restorable for
 * `retentionDays` after their deletion.
 */
export default function Trash({ organization, retentionDays, spaces }: TrashPageProps) {
  return (
    <ConsoleLayout>
      <Head title={`Trash · ${organization.title}`} />
      <OrganizationHeader organization={organization} current="spaces" />
      <Flash />

      <h2>Trash</h2>
      <p className="muted">
        Deleted spaces can be restored for {retentionDays} days; after that they are removed for
        good. Deleted collections cannot be restored (only empty collections can be deleted).
      </p>

      {spaces.length === 0 ? (
        <p className="card empty" data-testid="trash-empty">
          No deleted space you administer can be restored.
        </p>
      ) : (
        <Table columns={['Space', 'Deleted', 'Restorable until', 'Actions']} testId="trash">
          {spaces.map((space) => (
            <TrashRow key={space.id} space={space} />
          ))}
        </Table>
      )}

      <p>
        <Link href={route('console.spaces.index', { organizationId: organization.id })}>
          All spaces of {organization.title}
        </Link>
      </p>
    </ConsoleLayout>
  )
}

function TrashRow({ space }: { space: TrashPageProps['spaces'][number] }) {
  const [busy, setBusy] = useState(false)
  return (
    <tr data-testid={`trash-${space.id}`}>
      <td>{`${space.emoji ?? ''} ${space.title}`.trim()}</td>
      <td>{formatDate(space.deletedAt)}</td>
      <td>{formatDate(space.restorableUntil)}</td>
      <td>
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() =>
            router.post(
              route('console.spaces.restore', { spaceId: space.id }),
              {},
              { onStart: () => setBusy(true), onFinish: () => setBusy(false) }
            )
          }
        >
          Restore
        </button>
      </td>
    </tr>
  )
}
