import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MemberSpaces } from '#organizations/contracts/member_spaces'
import SpaceAccessService from '#spaces/services/space_access_service'
import MemberGrantsService from '#spaces/services/member_grants_service'

/**
 * The spaces domain's side of the organizations' MemberSpaces contract (bound by the spaces
 * provider).
 */
export default class MemberSpacesService extends MemberSpaces {
  revokeMemberGrants(trx: TransactionClientContract, organizationId: string, userId: string) {
    return new MemberGrantsService().revokeWithin(trx, organizationId, userId)
  }

  countSpacesOfMembers(organizationId: string, userIds: string[]) {
    return new SpaceAccessService().countSpacesOfMembers(organizationId, userIds)
  }

  countSpacesOfTeams(teamIds: string[]) {
    return new SpaceAccessService().countSpacesOfTeams(teamIds)
  }
}
