import { useState, type FormEvent } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import { formatDate, formatRole, MEMBER_ROLES, roleValue } from '~/components/format'
import type { MemberProps, MembersPageProps } from '~/types'

const FILTERS = [...MEMBER_ROLES, 'guest'] as const

/**
 * The roster: search and role filter (sent as the list's query), keyset pages; admins change roles
 * and remove members.
 */
export default function Members({
  organization,
  members,
  count,
  nextPage,
  filters,
  canManage,
}: MembersPageProps) {
  const base = `/console/orgs/${organization.id}/members`
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
        <table className="card table" data-testid="member-list">
          <thead>
            <tr>
              <th>Member</th>
              <th>Role</th>
              <th>Teams</th>
              <th>Spaces</th>
              <th>Joined</th>
              {canManage ? <th>Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow key={member.id} member={member} base={base} canManage={canManage} />
            ))}
          </tbody>
        </table>
      )}

      {nextPage && (
        <p>
          <Link href={base} data={{ ...query, page: nextPage }} className="button button-quiet">
            Next page
          </Link>
        </p>
      )}
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
      <label className="field">
        <span>Search</span>
        <input
          type="search"
          name="search"
          placeholder="Name or e-mail"
          maxLength={256}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className="field">
        <span>Role</span>
        <select name="role" value={role} onChange={(event) => setRole(event.target.value)}>
          <option value="">Any role</option>
          {FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {filter}
            </option>
          ))}
        </select>
      </label>
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
  base,
  canManage,
}: {
  member: MemberProps
  base: string
  canManage: boolean
}) {
  const [role, setRole] = useState(roleValue(member.role))
  const [confirming, setConfirming] = useState(false)
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
      `${base}/${member.id}`,
      { role: role === '' ? null : role },
      // Refused (the last admin, no longer allowed): the select shows the role the member still has.
      { ...options, onError: () => setRole(roleValue(member.role)) }
    )
  }

  function remove() {
    router.delete(`${base}/${member.id}`, {
      ...options,
      onFinish: () => {
        setBusy(false)
        setConfirming(false)
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
              <select
                aria-label={`Role of ${label}`}
                value={role}
                onChange={(event) => setRole(event.target.value)}
              >
                {MEMBER_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
                <option value="">guest</option>
              </select>
              <button
                type="submit"
                className="button button-small"
                disabled={busy || role === roleValue(member.role)}
              >
                Save role
              </button>
            </form>
            {confirming ? (
              <>
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={remove}
                  disabled={busy}
                >
                  Confirm removal
                </button>
                <button
                  type="button"
                  className="button button-small button-quiet"
                  onClick={() => setConfirming(false)}
                >
                  Cancel
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button-small button-danger button-quiet"
                onClick={() => setConfirming(true)}
              >
                Remove
              </button>
            )}
          </div>
        </td>
      ) : null}
    </tr>
  )
}
