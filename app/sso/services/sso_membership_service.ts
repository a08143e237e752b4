import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import UserService from '#accounts/services/user_service'
import OrganizationMember from '#organizations/models/organization_member'
import MemberService from '#organizations/services/member_service'
import TeamService from '#organizations/services/team_service'
import { toSqlTimestamp } from '#core/database/timestamps'
import type { ActiveSamlProvider } from '#sso/services/saml_provider_service'
import { SsoSignInException } from '#sso/sso_sign_in_exception'
import { isUniqueViolation } from '#core/database/errors'

/**
 * Who signed in through the identity provider, read from a verified assertion.
 */
export type SamlIdentity = {
  email: string
  displayName?: string
  /**
   * The assertion's ID and the time until which it could be replayed.
   */
  assertionId: string
  validUntil: DateTime
}

/**
 * Admits a user who signed in through a SAML provider: finds or creates the account, makes it an
 * SSO member of the provider's organization and adds it to the provider's default team — in one
 * transaction, together with the record of the consumed assertion, so a refused or replayed
 * response changes nothing.
 */
export default class SsoMembershipService {
  async admit(provider: ActiveSamlProvider, identity: SamlIdentity): Promise<User> {
    return db.transaction(async (trx) => {
      await new MemberService().lockRoster(trx, provider.organizationId)
      await this.consumeAssertion(trx, provider.id, identity)
      const { user, created } = await new UserService().findOrCreate(
        { email: identity.email, displayName: identity.displayName },
        trx
      )
      // MySQL's collation finds an account whose address differs in accents (émile@ for emile@):
      // that is someone else's account.
      if (user.email !== identity.email.trim().toLowerCase()) {
        throw SsoSignInException.refused('another account holds an address too close to this one')
      }
      await this.joinOrganization(trx, provider, user.id, created)
      if (provider.defaultTeamId) await this.joinTeam(trx, provider.defaultTeamId, user.id)
      return user
    })
  }

  /**
   * Records the assertion id; a second use of the same assertion (a replay) violates the unique key
   * on (provider, assertion id) on both engines, even when two processes race.
   */
  private async consumeAssertion(
    trx: TransactionClientContract,
    providerId: string,
    identity: SamlIdentity
  ) {
    const seen = await trx
      .from('saml_assertions')
      .where('saml_provider_id', providerId)
      .where('assertion_id', identity.assertionId)
      .first()
    if (seen) throw SsoSignInException.refused('this sign-in response was already used')
    try {
      await trx.table('saml_assertions').insert({
        saml_provider_id: providerId,
        assertion_id: identity.assertionId,
        expires_at: toSqlTimestamp(identity.validUntil),
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw SsoSignInException.refused('this sign-in response was already used')
      }
      throw error
    }
  }

  /**
   * New members get the provider's default role; existing members keep theirs and become SSO
   * members. Disabled members stay out. An account that existed before this sign-in but does not
   * belong to the organization is refused: an identity provider is configured by the
   * organization's admins, and must not open a session on an account that other organizations
   * trust (it joins by invite first, then signs in through SSO).
   */
  private async joinOrganization(
    trx: TransactionClientContract,
    provider: ActiveSamlProvider,
    userId: string,
    newAccount: boolean
  ) {
    const existing = await OrganizationMember.query({ client: trx })
      .where('organization_id', provider.organizationId)
      .where('user_id', userId)
      .first()
    if (existing) {
      if (existing.disabled) {
        throw SsoSignInException.refused('your membership of this organization is disabled')
      }
      existing.sso = true
      existing.lastSeenAt = DateTime.utc()
      await existing.save()
      return
    }
    if (!newAccount) {
      throw SsoSignInException.refused(
        'an account with this address exists and is not a member of this organization; ask an admin to invite it first'
      )
    }
    const member = await new MemberService().addMember(trx, provider.organizationId, userId, {
      role: provider.defaultRole,
      sso: true,
    })
    member.lastSeenAt = DateTime.utc()
    await member.save()
  }

  /**
   * Existing team members keep their team role (an owner stays owner).
   */
  private async joinTeam(trx: TransactionClientContract, teamId: string, userId: string) {
    const existing = await trx
      .from('team_members')
      .where('team_id', teamId)
      .where('user_id', userId)
      .first()
    if (!existing) await new TeamService().addMemberWithin(trx, teamId, userId, 'member')
  }
}
