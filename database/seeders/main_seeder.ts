import { BaseSeeder } from '@adonisjs/lucid/seeders'
import app from '@adonisjs/core/services/app'
import UserService from '#accounts/services/user_service'
import type User from '#accounts/models/user'
import Organization from '#organizations/models/organization'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import CollectionService from '#spaces/services/collection_service'
import SpaceService from '#spaces/services/space_service'
import GrantService from '#spaces/services/grant_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { SpaceAccess } from '#spaces/records'
import AuthoringService from '#content/services/authoring_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'
import type { RoleOrGuest } from '#core/roles'
import SiteService from '#sites/services/site_service'
import SiteStructureService from '#sites/services/site_structure_service'
import db from '@adonisjs/lucid/services/db'

/**
 * Demo data for trying the console and the API: one organization with an admin and members of
 * several roles, a team, and a small tree of collections and spaces with grants. Running it again
 * changes nothing. The Handbook has pages and a change request; a published site shows it.
 */
export const DEMO_PASSWORD = 'bindery-demo'
export const DEMO_ORGANIZATION = 'Bindery Demo'
export const DEMO_TEAM = 'Writers'
export const DEMO_COLLECTION = 'Guides'

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

      const organization = await Organization.query({ client })
        .where('title', DEMO_ORGANIZATION)
        .first()
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
      await this.seedTeamAndSpaces(organizationId, seeded)
      console.log(
        `Seeded "${DEMO_ORGANIZATION}" (${organizationId}); sign in to /console as ${DEMO_USERS[0].email} / ${DEMO_PASSWORD}`
      )
    } catch (error) {
      await client.rollback()
      throw error
    }
  }

  /**
   * Through the domains' services, as the API would do it (each call is its own transaction): the
   * "Writers" team (editor, reviewer) may edit everything in "Guides"; the guest reads "Handbook".
   * Skipped once the "Guides" collection exists.
   */
  private async seedTeamAndSpaces(
    organizationId: string,
    seeded: Array<{ user: User; role: RoleOrGuest }>
  ) {
    const exists = await this.client
      .from('collections')
      .where('organization_id', organizationId)
      .where('title', DEMO_COLLECTION)
      .first()
    if (exists) return

    const [admin, editor, reviewer, , guest] = seeded.map(({ user }) => user)
    const access = await new OrganizationService().accessFor(admin, organizationId)
    const team = await new TeamService().create(admin, access, {
      title: DEMO_TEAM,
      members: [editor.id, reviewer.id],
    })

    const collections = await app.container.make(CollectionService)
    const spaces = await app.container.make(SpaceService)
    const grants = await app.container.make(GrantService)
    const guides = await collections.create(admin, organizationId, { title: DEMO_COLLECTION })
    const gettingStarted = await collections.create(admin, organizationId, {
      title: 'Getting started',
      parent: guides.collection.id,
    })
    const handbook = await spaces.create(admin, organizationId, { title: 'Handbook' })
    await spaces.create(admin, organizationId, {
      title: 'Installation',
      parent: gettingStarted.collection.id,
    })
    const apiReference = await spaces.create(admin, organizationId, {
      title: 'API reference',
      parent: guides.collection.id,
    })

    await grants.invite(
      {
        kind: 'collection',
        id: guides.collection.id,
        organizationId,
        parentId: null,
        defaultLevel: null,
      },
      { role: 'edit', teams: [team.id] }
    )
    await grants.invite(
      { kind: 'space', id: handbook.space.id, organizationId, parentId: null, defaultLevel: null },
      { role: 'read', users: [guest.id] }
    )
    await this.seedContent(admin, editor, handbook)
    await this.seedSite(admin, organizationId, handbook, apiReference)
  }

  /**
   * A published site: the Handbook at its root section, the API reference in a second section.
   */
  private async seedSite(
    admin: User,
    organizationId: string,
    handbook: SpaceAccess,
    apiReference: SpaceAccess
  ) {
    const access = await new OrganizationService().accessFor(admin, organizationId)
    const sites = await app.container.make(SiteService)
    const structure = await app.container.make(SiteStructureService)
    const siteAccess = await sites.create(admin, access, {
      title: 'Bindery Demo docs',
      spaces: [handbook.space.id],
    })
    const target = {
      id: siteAccess.site.id,
      organizationId,
      userId: admin.id,
      organizationRole: access.role,
    }
    await db.transaction((trx) =>
      structure.addSection(trx, target, { spaceId: apiReference.space.id, title: 'API reference' })
    )
    await sites.publish(siteAccess)
  }

  /**
   * The Handbook's pages (straight into the space, as an import would), and an open-to-edit change
   * request by the editor that adds a page.
   */
  private async seedContent(admin: User, editor: User, handbook: SpaceAccess) {
    const authoring = await app.container.make(AuthoringService)
    await authoring.applyToSpace(admin, handbook, [
      {
        operation: 'insert_page',
        ref: 'welcome',
        document: {
          markdown: '# Welcome\n\nThis handbook explains [how we work](./how-we-work.md).\n',
        },
      },
      {
        operation: 'insert_page',
        ref: 'how-we-work',
        document: {
          markdown:
            '# How we work\n\n## Planning\n\nWe plan every Monday.\n\n## Reviews\n\nEvery change is reviewed.\n',
        },
      },
      {
        operation: 'insert_page',
        into: 'how-we-work',
        document: { markdown: '# Holidays\n\nAsk two weeks ahead.\n' },
      },
    ])
    const changeRequests = await app.container.make(ChangeRequestService)
    const editorAccess = await app.container
      .make(SpaceAccessService)
      .then((access) => access.spaceFor(editor.id, handbook.space.id))
    const draft = await changeRequests.create(editor, editorAccess, {
      subject: 'Add the on-call page',
    })
    const drafting = await app.container.make(ChangeRequestAuthoringService)
    await drafting.apply(editor, editorAccess, draft, [
      {
        operation: 'insert_page',
        document: { markdown: '# On call\n\nThe on-call rota lives in the team calendar.\n' },
      },
    ])
  }
}
