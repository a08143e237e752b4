import { TeamFactory } from '#database/factories/team_factory'

/**
 * A team of the organization with these members, made by the factory (team management belongs to
 * the organizations domain; tests of other domains only need the team to exist).
 */
export async function createTeam(organizationId: string, userIds: string[] = [], title?: string) {
  let team = TeamFactory.merge({ organizationId, ...(title ? { title } : {}) })
  if (userIds.length) {
    team = team.with('memberships', userIds.length, (membership) =>
      membership.merge(userIds.map((userId) => ({ userId })))
    )
  }
  const created = await team.create()
  return created.id
}
