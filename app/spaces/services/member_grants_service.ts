import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * What a member leaves behind in the spaces domain when they leave an organization: the roles
 * granted to them on its spaces and collections. Team grants stay with the team (the member has
 * already left it). Called by the organizations domain inside its own transaction.
 */
export default class MemberGrantsService {
  async revokeWithin(trx: TransactionClientContract, organizationId: string, userId: string) {
    await trx
      .from('content_grants')
      .where('organization_id', organizationId)
      .where('user_id', userId)
      .delete()
  }
}
