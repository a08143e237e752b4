import factory from '@adonisjs/lucid/factories'
import Team from '#organizations/models/team'
import TeamMember from '#organizations/models/team_member'

export const TeamMemberFactory = factory
  .define(TeamMember, () => ({ role: 'member' as const }))
  .build()

/**
 * A team of an organization (merge `organizationId`); members with
 * `.with('memberships', n, (m) => m.merge([{ userId }, ...]))`.
 */
export const TeamFactory = factory
  .define(Team, ({ faker }) => ({
    title: `${faker.word.adjective()} ${faker.word.noun()}`.slice(0, 64),
  }))
  .relation('memberships', () => TeamMemberFactory)
  .build()
