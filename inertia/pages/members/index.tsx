import { useState, type FormEvent } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import { Select, SelectField, TextField } from '~/components/form_fields'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import ConfirmButton from '~/components/confirm_button'
import MemberInvites from '~/components/member_invites'
import { formatDate, formatRole, MEMBER_ROLES, roleValue } from '~/components/format'
import { route } from '~/route'
import type { MemberProps, MembersPageProps } from '~/types'

const FILTERS = [...MEMBER_ROLES, 'guest'] as const

/**
 * The roster: search and role filter (sent as the list's query), keyset pages; admins change roles
 * and remove members, and invite people (e-mail invites and invite links).
 */
export default function Members({
  organization,
  members,
  count,
  nextPage,
  filters,
  canManage,
  invites,
}: MembersPageProps) {
  const base = route('console.members.index', { organizationId: organization.id })
  const query = {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.role ? { role: filters.role } : {}),
  }

  return (
    <ConsoleLayout>
      <Head title={`Members · ${organization.title}`} />
      <OrganizationHeader organization={organization} current="members" />
      <Flash />

      <MemberFilters key={`${filters.search}|${filters.role}`} base={base} filters={filters} />

      <p className="muted" data-testid="member-count">
        {count === 1 ? '1 member' : `${count} members`}
        {filters.search || filters.role ? ' match' : ''}
      </p>

      {members.length === 0 ? (
        <p className="card empty">No member matches.</p>
      ) : (
        <Table
          columns={['Member', 'Role', 'Teams', 'Spaces', 'Joined', canManage && 'Actions']}
          testId="member-list"
        >
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              organizationId={organization.id}
              canManage={canManage}
            />
          ))}
        </Table>
      )}

      <NextPageLink href={base} nextPage={nextPage} query={query} />

      {invites ? <MemberInvites organizationId={organization.id} invites={invites} /> : null}
    </ConsoleLayout>
  )
}

/**
 * Search box and role filter; remounted (key) when the page's filters change, so it always shows them.
 */
function MemberFilters({ base, filters }: { base: string; filters: MembersPageProps['filters'] }) {
  const [search, setSearch] = useState(filters.search)
  const [role, setRole] = useState<string>(filters.role)

  function applyFilters(event: FormEvent) {
    event.preventDefault()
    router.get(base, {
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(role ? { role } : {}),
    })
  }

  return (
    <form className="toolbar" onSubmit={applyFilters} role="search">
      <TextField
        label="Search"
        type="search"
        name="search"
        placeholder="Name or e-mail"
        maxLength={256}
        value={search}
        onChange={setSearch}
      />
      <SelectField
        label="Role"
        name="role"
        options={FILTERS}
        emptyLabel="Any role"
        value={role}
        onChange={setRole}
      />
      <button type="submit" className="button">
        Filter
      </button>
      {filters.search || filters.role ? (
        <Link href={base} className="button button-quiet">
          Clear
        </Link>
      ) : null}
    </form>
  )
}

function MemberRow({
  member,
  organizationId,
  canManage,
}: {
  member: MemberProps
  organizationId: string
  canManage: boolean
}) {
  const params = { organizationId, userId: member.id }
  const [role, setRole] = useState(roleValue(member.role))
  const [busy, setBusy] = useState(false)
  const label = member.displayName || member.email
  const options = {
    preserveScroll: true,
    onStart: () => setBusy(true),
    onFinish: () => setBusy(false),
  }

  function saveRole(event: FormEvent) {
    event.preventDefault()
    router.patch(
      route('console.members.update', params),
      { role: role === '' ? null : role },
      // Refused (the last admin, no longer allowed): the select shows the role the member still has.
      { ...options, onError: () => setRole(roleValue(member.role)) }
    )
  }

  function remove(cancel: () => void) {
    router.delete(route('console.members.destroy', params), {
      ...options,
      onFinish: () => {
        setBusy(false)
        cancel()
      },
    })
  }

  return (
    <tr data-testid={`member-${member.email}`}>
      <td>
        <div>
          {member.displayName} {member.isYou ? <span className="badge">you</span> : null}
        </div>
        <div className="muted">{member.email}</div>
      </td>
      <td data-testid="member-role">
        {formatRole(member.role)}
        {member.sso ? <span className="badge">SSO</span> : null}
        {member.disabled ? <span className="badge">disabled</span> : null}
      </td>
      <td>{member.teams}</td>
      <td>{member.spaces}</td>
      <td>{formatDate(member.joinedAt)}</td>
      {canManage ? (
        <td>
          <div className="row-actions">
            <form className="row-actions" onSubmit={saveRole}>
              <Select
                aria-label={`Role of ${label}`}
                value={role}
                options={[...MEMBER_ROLES, '']}
                optionLabel={(option) => option || 'guest'}
                onChange={setRole}
              />
              <button
                type="submit"
                className="button button-small"
                disabled={busy || role === roleValue(member.role)}
              >
                Save role
              </button>
            </form>
            <ConfirmButton
              small
              label="Remove"
              confirmLabel="Confirm removal"
              busy={busy}
              onConfirm={remove}
            />
          </div>
        </td>
      ) : null}
    </tr>
  )
}
