import type { GrantsManagement } from '~/components/space_administration'
import type { GrantsProps } from '~/types'

/**
 * Roles given on a space or collection itself to users and teams (the first page of each); grants
 * on the collections above apply too but are listed on their pages. Its admins (`manage`) change
 * and remove them and grant more.
 */
export default function Grants({
  grants,
  on,
  manage,
}: {
  grants: GrantsProps
  on: 'space' | 'collection'
  manage?: GrantsManagement
}) {
  return (
    <section className="section" data-testid="grants">
      <h2>Granted on this {on}</h2>
      {grants.users.length === 0 && grants.teams.length === 0 ? (
        <p className="card empty muted">
          Nothing is granted on this {on} itself: access comes from organization roles, default
          levels and what is granted on the collections above it.
        </p>
      ) : (
        <table className="card table">
          <thead>
            <tr>
              <th>To</th>
              <th>Role</th>
              {manage ? <th>Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {grants.users.map((user) => (
              <tr key={`user-${user.id}`}>
                <td>
                  {user.displayName} <span className="muted">{user.email}</span>
                </td>
                <td>{user.role}</td>
                {manage ? (
                  <td>
                    {manage.actions({
                      kind: 'users',
                      id: user.id,
                      role: user.role,
                      label: user.displayName || user.email,
                    })}
                  </td>
                ) : null}
              </tr>
            ))}
            {grants.teams.map((team) => (
              <tr key={`team-${team.id}`}>
                <td>Team {team.title}</td>
                <td>{team.role}</td>
                {manage ? (
                  <td>
                    {manage.actions({
                      kind: 'teams',
                      id: team.id,
                      role: team.role,
                      label: `team ${team.title}`,
                    })}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {grants.userCount > grants.users.length || grants.teamCount > grants.teams.length ? (
        <p className="muted">
          Showing {grants.users.length} of {grants.userCount} user grants and {grants.teams.length}{' '}
          of {grants.teamCount} team grants.
        </p>
      ) : null}
      {manage?.addForm}
    </section>
  )
}
