import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import UserService from '#accounts/services/user_service'
import Organization from '#organizations/models/organization'
import OrganizationService from '#organizations/services/organization_service'
import type { RoleOrGuest } from '#core/roles'

export type BootstrapInput = {
  email: string
  password?: string
  name?: string
  org?: string
  orgId?: string
  role: RoleOrGuest
}

/**
 * `bindery:bootstrap` (organizations own it: it creates or joins an organization): user + organization membership + an API token with every scope, in one
 * transaction (the token is minted after commit, once the rows exist).
 */
export default class BootstrapService {
  async run(input: BootstrapInput) {
    const { user, organizationId } = await db.transaction(async (trx) => {
      const found = await new UserService().findOrCreate(
        { email: input.email, password: input.password, displayName: input.name },
        trx
      )
      const organizations = new OrganizationService()
      if (input.orgId) {
        const organization = await Organization.find(input.orgId, { client: trx })
        if (!organization) throw new Error(`No organization with id "${input.orgId}"`)
        await organizations.addMember(trx, organization.id, found.user.id, input.role)
        return { user: found.user, organizationId: organization.id }
      }
      const created = await organizations.createWithin(trx, found.user.id, { title: input.org! })
      return { user: found.user, organizationId: created }
    })

    const token = await User.accessTokens.create(user, ['*'], { name: 'bindery:bootstrap' })
    return {
      user: { id: user.id, email: user.email },
      organization: { id: organizationId },
      token: token.value!.release(),
    }
  }
}
