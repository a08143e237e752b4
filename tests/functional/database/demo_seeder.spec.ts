import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import MainSeeder, {
  DEMO_ORGANIZATION,
  DEMO_PASSWORD,
  DEMO_TEAM,
} from '#database/seeders/main_seeder'
import SpaceAccessService from '#spaces/services/space_access_service'
import User from '#accounts/models/user'
import { eachTestInTransaction } from '#tests/helpers/callers'

test.group('node ace db:seed', (group) => {
  eachTestInTransaction(group)

  test('creates the demo organization with a user of every role, and running it again changes nothing', async ({
    assert,
  }) => {
    await new MainSeeder(db.connection()).run()
    await new MainSeeder(db.connection()).run()

    const organizations = await db.from('organizations').where('title', DEMO_ORGANIZATION)
    assert.lengthOf(organizations, 1)
    const members = await db
      .from('organization_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', organizations[0].id)
      .select('u.email', 'm.role')
      .orderBy('u.email')
    assert.deepEqual(
      members.map((member) => [member.email, member.role]),
      [
        ['admin@demo.bindery.test', 'admin'],
        ['editor@demo.bindery.test', 'edit'],
        ['guest@demo.bindery.test', null],
        ['reader@demo.bindery.test', 'read'],
        ['reviewer@demo.bindery.test', 'review'],
      ]
    )
    const admin = await User.verifyCredentials('admin@demo.bindery.test', DEMO_PASSWORD)
    assert.equal(admin.displayName, 'Ada Admin')

    const organizationId = organizations[0].id
    const teams = await db.from('teams').where('organization_id', organizationId)
    assert.deepEqual(
      teams.map((team) => team.title),
      [DEMO_TEAM]
    )
    const collections = await db
      .from('collections')
      .where('organization_id', organizationId)
      .orderBy('title')
    assert.deepEqual(
      collections.map((c) => c.title),
      ['Getting started', 'Guides']
    )
    const spaces = await db.from('spaces').where('organization_id', organizationId).orderBy('title')
    assert.deepEqual(
      spaces.map((space) => space.title),
      ['API reference', 'Handbook', 'Installation']
    )

    // The grants reach who they should: the team's editor edits the guides, the guest reads the handbook.
    const editor = await db.from('users').where('email', 'editor@demo.bindery.test').first()
    const guest = await db.from('users').where('email', 'guest@demo.bindery.test').first()
    const counts = await new SpaceAccessService().countSpacesOfMembers(organizationId, [
      editor.id,
      guest.id,
    ])
    assert.deepEqual([...counts.values()], [3, 1])

    // A published site: the Handbook in its default section, the API reference in a second one.
    const sites = await db.from('sites').where('organization_id', organizationId)
    assert.deepEqual(
      sites.map((site) => [site.title, Boolean(site.published)]),
      [['Bindery Demo docs', true]]
    )
    const sections = await db
      .from('site_sections')
      .where('site_id', sites[0].id)
      .orderBy('position')
    assert.deepEqual(
      sections.map((section) => section.title),
      ['Bindery Demo docs', 'API reference']
    )
  })
})
