import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import { formatDate } from '~/components/format'
import type { TeamsPageProps } from '~/types'

/**
 * The organization's teams; admins create teams here.
 */
export default function Teams({ organization, teams, count, nextPage, canCreate }: TeamsPageProps) {
  const base = `/console/orgs/${organization.id}/teams`
  const form = useForm({ title: '' })

  function create(event: FormEvent) {
    event.preventDefault()
    form.post(base)
  }

  return (
    <ConsoleLayout>
      <Head title={`Teams · ${organization.title}`} />
      <OrganizationHeader organization={organization} current="teams" />
      <Flash />

      {canCreate ? (
        <form className="card inline-form section" onSubmit={create} noValidate>
          <label className="field">
            <span>New team</span>
            <input
              name="title"
              placeholder="Team name"
              maxLength={64}
              value={form.data.title}
              onChange={(event) => form.setData('title', event.target.value)}
              aria-invalid={form.errors.title ? true : undefined}
            />
            {form.errors.title && <span className="field-error">{form.errors.title}</span>}
          </label>
          <button type="submit" className="button" disabled={form.processing}>
            Create team
          </button>
        </form>
      ) : null}

      <p className="muted">{count === 1 ? '1 team' : `${count} teams`}</p>
      {teams.length === 0 ? (
        <p className="card empty">No team yet.</p>
      ) : (
        <table className="card table" data-testid="team-list">
          <thead>
            <tr>
              <th>Team</th>
              <th>Members</th>
              <th>Spaces</th>
              <th>Your role</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <tr key={team.id}>
                <td>
                  <Link href={`${base}/${team.id}`}>{team.title}</Link>
                </td>
                <td>{team.members}</td>
                <td>{team.spaces}</td>
                <td>{team.yourRole ?? <span className="muted">not in the team</span>}</td>
                <td>{formatDate(team.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {nextPage && (
        <p>
          <Link href={base} data={{ page: nextPage }} className="button button-quiet">
            Next page
          </Link>
        </p>
      )}
    </ConsoleLayout>
  )
}
