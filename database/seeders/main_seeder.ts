import { BaseSeeder } from '@adonisjs/lucid/seeders'
import UserService from '#accounts/services/user_service'
import Organization from '#organizations/models/organization'
import OrganizationService from '#organizations/services/organization_service'
import type { RoleOrGuest } from '#core/roles'

/**
 * Demo data for trying the console and the API: one organization with an admin and members of
 * several roles. Running it again changes nothing. Spaces, pages, change requests and a site join
 * the demo as those domains land.
 */
export const DEMO_PASSWORD = 'bindery-demo'
export const DEMO_ORGANIZATION = 'Bindery Demo'

const DEMO_USERS: Array<{ email: string; displayName: string; role: RoleOrGuest }> = [
  { email: 'admin@demo.bindery.test', displayName: 'Ada Admin', role: 'admin' },
  { email: 'editor@demo.bindery.test', displayName: 'Eddie Editor', role: 'edit' },
  { email: 'reviewer@demo.bindery.test', displayName: 'Rita Reviewer', role: 'review' },
  { email: 'reader@demo.bindery.test', displayName: 'Rob Reader', role: 'read' },
  { email: 'guest@demo.bindery.test', displayName: 'Gus Guest', role: null },
]

export default class MainSeeder extends BaseSeeder {
  async run() {
    const users = new UserService()
    const organizations = new OrganizationService()
    const client = await this.client.transaction()
    try {
      const seeded = []
      for (const demo of DEMO_USERS) {
        const { user } = await users.findOrCreate(
          { email: demo.email, displayName: demo.displayName, password: DEMO_PASSWORD },
          client
        )
        seeded.push({ user, role: demo.role })
      }

      const organization = await Organization.query({ client }).where('title', DEMO_ORGANIZATION).first()
      const organizationId = organization
        ? organization.id
        : await organizations.createWithin(client, seeded[0].user.id, {
            title: DEMO_ORGANIZATION,
            emailDomains: ['demo.bindery.test'],
          })
      for (const { user, role } of seeded) {
        await organizations.addMember(client, organizationId, user.id, role)
      }
      await client.commit()
      console.log(
        `Seeded "${DEMO_ORGANIZATION}" (${organizationId}); sign in to /console as ${DEMO_USERS[0].email} / ${DEMO_PASSWORD}`
      )
    } catch (error) {
      await client.rollback()
      throw error
    }
  }
}
