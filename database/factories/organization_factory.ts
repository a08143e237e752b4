import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Organization, { SELF_HOSTED_PLAN } from '#organizations/models/organization'
import OrganizationMember from '#organizations/models/organization_member'
import { UserFactory } from '#database/factories/user_factory'

/**
 * A user's membership; `role` null is a guest. Without a user, the user is made too.
 */
export const OrganizationMemberFactory = factory
  .define(OrganizationMember, () => ({
    role: 'read' as const,
    disabled: false,
    sso: false,
    joinedAt: DateTime.utc(),
    lastSeenAt: null,
  }))
  .relation('user', () => UserFactory)
  .build()

/**
 * An organization as `OrganizationService` creates one (no members: add them with
 * `.with('members', n, (member) => member.merge({ role }).with('user'))`).
 */
export const OrganizationFactory = factory
  .define(Organization, ({ faker }) => ({
    title: faker.company.name(),
    hostname: null,
    type: 'business' as const,
    useCase: null,
    communityType: null,
    defaultRole: null,
    defaultContent: null,
    sso: false,
    ai: false,
    inviteLinks: true,
    plan: SELF_HOSTED_PLAN,
    logoUrl: null,
  }))
  .relation('members', () => OrganizationMemberFactory)
  .build()
