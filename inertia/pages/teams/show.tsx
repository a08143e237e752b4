import type { FormEvent } from 'react'
import { Head, Link, router, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import DeleteSection from '~/components/delete_section'
import type { TeamPageProps } from '~/types'

/**
 * A team and its members. Admins and the team's owners rename it and manage its members (by
 * e-mail address); admins delete it.
 */
export default function Team({
  organization,
  team,
  members,
  count,
  nextPage,
  canDelete,
}: TeamPageProps) {
  const teamUrl = `/console/orgs/${organization.id}/teams/${team.id}`
  const rename = useForm({ title: team.title })
  const add = useForm<{ email: string; role: 'member' | 'owner' }>({ email: '', role: 'member' })

  function submitRename(event: FormEvent) {
    event.preventDefault()
    rename.patch(teamUrl, { preserveScroll: true })
  }

  function submitAdd(event: FormEvent) {
    event.preventDefault()
    add.post(`${teamUrl}/members`, { preserveScroll: true, onSuccess: () => add.reset('email') })
  }

  return (
    <ConsoleLayout>
      <Head title={`${team.title} · Teams`} />
      <OrganizationHeader organization={organization} current="teams" title={team.title} />
      <Flash />

      <p className="muted">
        <Link href={`/console/orgs/${organization.id}/teams`}>All teams</Link> · {team.members}{' '}
        {team.members === 1 ? 'member' : 'members'} · {team.spaces}{' '}
        {team.spaces === 1 ? 'space' : 'spaces'} · your role: {team.yourRole ?? 'not in the team'}
      </p>

      {team.canManage ? (
        <div className="two-columns section">
          <form className="card settings-form" onSubmit={submitRename} noValidate>
            <label className="field">
              <span>Team name</span>
              <input
                name="title"
                maxLength={64}
                value={rename.data.title}
                onChange={(event) => rename.setData('title', event.target.value)}
                aria-invalid={rename.errors.title ? true : undefined}
              />
              {rename.errors.title && <span className="field-error">{rename.errors.title}</span>}
            </label>
            <button type="submit" className="button" disabled={rename.processing}>
              Rename
            </button>
          </form>

          <form className="card settings-form" onSubmit={submitAdd} noValidate>
            <label className="field">
              <span>Add a member by e-mail</span>
              <input
                type="email"
                name="email"
                placeholder="someone@example.com"
                maxLength={254}
                value={add.data.email}
                onChange={(event) => add.setData('email', event.target.value)}
                aria-invalid={add.errors.email ? true : undefined}
              />
              {add.errors.email && <span className="field-error">{add.errors.email}</span>}
            </label>
            <label className="field">
              <span>Team role</span>
              <select
                name="role"
                value={add.data.role}
                onChange={(event) => add.setData('role', event.target.value as 'member' | 'owner')}
              >
                <option value="member">member</option>
                <option value="owner">owner</option>
              </select>
            </label>
            <button type="submit" className="button" disabled={add.processing}>
              Add to team
            </button>
          </form>
        </div>
      ) : null}

      <section className="section">
        <h2>Members ({count})</h2>
        {members.length === 0 ? (
          <p className="card empty">Nobody is in this team yet.</p>
        ) : (
          <table className="card table" data-testid="team-member-list">
            <thead>
              <tr>
                <th>Member</th>
                <th>Team role</th>
                {team.canManage ? <th>Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id} data-testid={`team-member-${member.email}`}>
                  <td>
                    <div>{member.displayName}</div>
                    <div className="muted">{member.email}</div>
                  </td>
                  <td>{member.teamRole}</td>
                  {team.canManage ? (
                    <td>
                      <button
                        type="button"
                        className="button button-small button-danger button-quiet"
                        onClick={() =>
                          router.delete(`${teamUrl}/members/${member.id}`, { preserveScroll: true })
                        }
                      >
                        Remove from team
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {nextPage && (
          <p>
            <Link href={teamUrl} data={{ page: nextPage }} className="button button-quiet">
              Next page
            </Link>
          </p>
        )}
      </section>

      {canDelete ? (
        <DeleteSection
          kind="team"
          title={team.title}
          url={teamUrl}
          explanation="Its members stay in the organization."
        />
      ) : null}
    </ConsoleLayout>
  )
}
