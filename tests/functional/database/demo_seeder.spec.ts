import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import MainSeeder, { DEMO_ORGANIZATION, DEMO_PASSWORD } from '#database/seeders/main_seeder'
import User from '#accounts/models/user'
import { eachTestInTransaction } from '#tests/helpers/callers'

test.group('node ace db:seed', (group) => {
  eachTestInTransaction(group)

  test('creates the demo organization with a user of every role, and running it again changes nothing', async ({ assert }) => {
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
  })
})
