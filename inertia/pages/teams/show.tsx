import { Head, Link, router, useForm } from '@inertiajs/react'
import ConsoleLayout from '~/components/console_layout'
import OrganizationHeader from '~/components/organization_header'
import Flash from '~/components/flash'
import DeleteSection from '~/components/delete_section'
import { bind, FormCard, SelectField, TextField } from '~/components/form_fields'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import { route } from '~/route'
import type { TeamPageProps } from '~/types'

const TEAM_ROLES = ['member', 'owner'] as const

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
  const params = { organizationId: organization.id, teamId: team.id }
  const rename = useForm({ title: team.title })
  const add = useForm<{ email: string; role: (typeof TEAM_ROLES)[number] }>({
    email: '',
    role: 'member',
  })

  return (
    <ConsoleLayout>
      <Head title={`${team.title} · Teams`} />
      <OrganizationHeader organization={organization} current="teams" title={team.title} />
      <Flash />

      <p className="muted">
        <Link href={route('console.teams.index', params)}>All teams</Link> · {team.members}{' '}
        {team.members === 1 ? 'member' : 'members'} · {team.spaces}{' '}
        {team.spaces === 1 ? 'space' : 'spaces'} · your role: {team.yourRole ?? 'not in the team'}
      </p>

      {team.canManage ? (
        <div className="two-columns section">
          <FormCard
            submitLabel="Rename"
            processing={rename.processing}
            onSubmit={() =>
              rename.patch(route('console.teams.update', params), { preserveScroll: true })
            }
          >
            <TextField label="Team name" maxLength={64} {...bind(rename, 'title')} />
          </FormCard>

          <FormCard
            submitLabel="Add to team"
            processing={add.processing}
            onSubmit={() =>
              add.post(route('console.teams.members.store', params), {
                preserveScroll: true,
                onSuccess: () => add.reset('email'),
              })
            }
          >
            <TextField
              label="Add a member by e-mail"
              type="email"
              placeholder="someone@example.com"
              maxLength={254}
              {...bind(add, 'email')}
            />
            <SelectField label="Team role" options={TEAM_ROLES} {...bind(add, 'role')} />
          </FormCard>
        </div>
      ) : null}

      <section className="section">
        <h2>Members ({count})</h2>
        {members.length === 0 ? (
          <p className="card empty">Nobody is in this team yet.</p>
        ) : (
          <Table
            columns={['Member', 'Team role', team.canManage && 'Actions']}
            testId="team-member-list"
          >
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
                        router.delete(
                          route('console.teams.members.destroy', { ...params, userId: member.id }),
                          { preserveScroll: true }
                        )
                      }
                    >
                      Remove from team
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </Table>
        )}
        <NextPageLink href={route('console.teams.show', params)} nextPage={nextPage} />
      </section>

      {canDelete ? (
        <DeleteSection
          kind="team"
          title={team.title}
          url={route('console.teams.destroy', params)}
          explanation="Its members stay in the organization."
        />
      ) : null}
    </ConsoleLayout>
  )
}
