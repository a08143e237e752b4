import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * What members and teams have in the spaces domain, which sits above organizations: the spaces
 * provider binds the real answers. Without spaces there is nothing to count and nothing to revoke.
 */
export abstract class MemberSpaces {
  /**
   * Removes what a member leaves behind when they leave the organization, inside the caller's
   * transaction (the removal and the revocation commit together).
   */
  abstract revokeMemberGrants(
    trx: TransactionClientContract,
    organizationId: string,
    userId: string
  ): Promise<void>

  /** Number of the organization's spaces each member can access (0 for everyone else). */
  abstract countSpacesOfMembers(
    organizationId: string,
    userIds: string[]
  ): Promise<Map<string, number>>

  /** Number of spaces granted to each team. */
  abstract countSpacesOfTeams(teamIds: string[]): Promise<Map<string, number>>
}

const zeroes = (ids: string[]) => new Map(ids.map((id) => [id, 0]))

export class NoMemberSpaces extends MemberSpaces {
  async revokeMemberGrants() {}

  async countSpacesOfMembers(_organizationId: string, userIds: string[]) {
    return zeroes(userIds)
  }

  async countSpacesOfTeams(teamIds: string[]) {
    return zeroes(teamIds)
  }
}
