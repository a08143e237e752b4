import type { GrantsProps } from '~/types'

/**
 * Roles given on a space or collection itself to users and teams (the first page of each); grants
 * on the collections above apply too but are listed on their pages.
 */
export default function Grants({
  grants,
  on,
}: {
  grants: GrantsProps
  on: 'space' | 'collection'
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
            </tr>
          </thead>
          <tbody>
            {grants.users.map((user) => (
              <tr key={`user-${user.id}`}>
                <td>
                  {user.displayName} <span className="muted">{user.email}</span>
                </td>
                <td>{user.role}</td>
              </tr>
            ))}
            {grants.teams.map((team) => (
              <tr key={`team-${team.id}`}>
                <td>Team {team.title}</td>
                <td>{team.role}</td>
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
    </section>
  )
}
