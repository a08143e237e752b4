import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import BootstrapService from '#organizations/services/bootstrap_service'
import User from '#accounts/models/user'
import type { RoleOrGuest } from '#core/roles'
import { newId } from '#core/ids'
import {
  OrganizationFactory,
  OrganizationMemberFactory,
} from '#database/factories/organization_factory'

export type Caller = { user: User; organizationId: string; token: string; email: string }

/**
 * A user with an API token, made the way `bindery:bootstrap` makes them. With `organizationId` the
 * user joins that organization with `role`; otherwise they get a new organization as its admin.
 */
export async function createCaller(
  options: {
    organizationId?: string
    role?: RoleOrGuest
    org?: string
    email?: string
    password?: string
  } = {}
): Promise<Caller> {
  const email = options.email ?? `user-${newId(8).toLowerCase()}@example.com`
  const result = await new BootstrapService().run({
    email,
    password: options.password,
    org: options.organizationId ? undefined : (options.org ?? `Org ${newId(6)}`),
    orgId: options.organizationId,
    role: options.role === undefined ? 'admin' : options.role,
  })
  const user = await User.findOrFail(result.user.id)
  return { user, organizationId: result.organization.id, token: result.token, email }
}

/**
 * A member who only needs to exist (no password, no token), made by the model factories.
 */
export async function createMember(
  organizationId: string,
  role: RoleOrGuest = 'read'
): Promise<{ user: User }> {
  const member = await OrganizationMemberFactory.merge({ organizationId, role })
    .with('user')
    .create()
  return { user: member.user }
}

/**
 * An organization that only needs to exist (no members): another organization's id.
 */
export async function createOrganization(): Promise<{ organizationId: string }> {
  const organization = await OrganizationFactory.create()
  return { organizationId: organization.id }
}

/**
 * Each test of a group runs inside a transaction rolled back after it.
 */
export function eachTestInTransaction(group: { each: { setup: (fn: () => any) => void } }) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}

/**
 * Callers for tests that commit their data (no global transaction: InnoDB FULLTEXT indexes see
 * committed rows only; the console's requests run in the server). `cleanUp()` deletes every
 * organization and user `caller()` made since the last clean-up — spaces first: their collection
 * links do not cascade on MySQL.
 */
export function committedCallers() {
  const made = { organizations: new Set<string>(), users: new Set<string>() }
  return {
    async caller(options: Parameters<typeof createCaller>[0] = {}): Promise<Caller> {
      const created = await createCaller(options)
      made.users.add(created.user.id)
      made.organizations.add(created.organizationId)
      return created
    },
    async cleanUp() {
      const organizations = [...made.organizations]
      const users = [...made.users]
      made.organizations.clear()
      made.users.clear()
      if (organizations.length) {
        await db.from('spaces').whereIn('organization_id', organizations).delete()
        await db.from('organizations').whereIn('id', organizations).delete()
      }
      if (users.length) await db.from('users').whereIn('id', users).delete()
    },
  }
}
