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
 * `bindery:bootstrap`: user + organization membership + an API token with every scope, in one
 * transaction (the token is minted after commit, once the rows exist).
 */
export default class BootstrapService {
  async run(input: BootstrapInput) {
    const { user, organizationId } = await db.transaction(async (trx) => {
      const { user: created } = await new UserService().findOrCreate(
        { email: input.email, password: input.password, displayName: input.name },
        trx
      )
      const organizations = new OrganizationService()
      if (input.orgId) {
        const organization = await Organization.find(input.orgId, { client: trx })
        if (!organization) throw new Error(`No organization with id "${input.orgId}"`)
        await organizations.addMember(trx, organization.id, created.id, input.role)
        return { user: created, organizationId: organization.id }
      }
      const createdId = await organizations.createWithin(trx, created.id, { title: input.org! })
      return { user: created, organizationId: createdId }
    })

    const token = await User.accessTokens.create(user, ['*'], { name: 'bindery:bootstrap' })
    return {
      user: { id: user.id, email: user.email },
      organization: { id: organizationId },
      token: token.value!.release(),
    }
  }
}
