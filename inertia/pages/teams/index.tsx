import { Link, useForm } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import { bind, FormCard, sending, TextField } from '~/components/form_fields'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import { formatDate } from '~/components/format'
import { route } from '~/route'
import type { TeamsPageProps } from '~/types'

/**
 * The organization's teams; admins create teams here.
 */
export default function Teams({ organization, teams, count, nextPage, canCreate }: TeamsPageProps) {
  const params = { organizationId: organization.id }
  const form = useForm({ title: '' })

  return (
    <OrganizationPage organization={organization} current="teams">
      {canCreate ? (
        <FormCard
          className="card inline-form section"
          submitLabel="Create team"
          {...sending(form, 'post', route('console.teams.store', params))}
        >
          <TextField
            label="New team"
            placeholder="Team name"
            maxLength={64}
            {...bind(form, 'title')}
          />
        </FormCard>
      ) : null}

      <p className="muted">{count === 1 ? '1 team' : `${count} teams`}</p>
      {teams.length === 0 ? (
        <p className="card empty">No team yet.</p>
      ) : (
        <Table columns={['Team', 'Members', 'Spaces', 'Your role', 'Created']} testId="team-list">
          {teams.map((team) => (
            <tr key={team.id}>
              <td>
                <Link href={route('console.teams.show', { ...params, teamId: team.id })}>
                  {team.title}
                </Link>
              </td>
              <td>{team.members}</td>
              <td>{team.spaces}</td>
              <td>{team.yourRole ?? <span className="muted">not in the team</span>}</td>
              <td>{formatDate(team.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}

      <NextPageLink href={route('console.teams.index', params)} nextPage={nextPage} />
    </OrganizationPage>
  )
}
