import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { toSqlTimestamp } from '#core/database/timestamps'
import { SharedMembership } from '#accounts/contracts/shared_membership'

/**
 * Memberships as other domains need them, without reaching into organization tables themselves.
 */
export default class MembershipService extends SharedMembership {
  /**
   * True when both users are active members of at least one common organization.
   */
  async shareAnOrganization(userId: string, otherUserId: string): Promise<boolean> {
    const row = await db
      .from('organization_members as mine')
      .join('organization_members as theirs', 'theirs.organization_id', 'mine.organization_id')
      .where('mine.user_id', userId)
      .where('mine.disabled', false)
      .where('theirs.user_id', otherUserId)
      .where('theirs.disabled', false)
      .select('mine.organization_id')
      .first()
    return Boolean(row)
  }

  /**
   * Records that the member was active in the organization just now.
   */
  async touchLastSeen(organizationId: string, userId: string): Promise<void> {
    await db
      .from('organization_members')
      .where('organization_id', organizationId)
      .where('user_id', userId)
      .update({ last_seen_at: toSqlTimestamp(DateTime.utc()) })
  }
}
