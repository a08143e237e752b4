import { test } from '@japa/runner'
import { callAs, groupInTransaction } from '#tests/helpers/fixtures_organizations'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import BinderyBootstrap from '#commands/bindery_bootstrap'
import { newId } from '#core/ids'
import User from '#accounts/models/user'

async function runBootstrap(args: string[]) {
  ace.ui.switchMode('raw')
  const command = await ace.create(BinderyBootstrap, args)
  await command.exec()
  const logs = command.logger.getLogs().map((log) => log.message)
  ace.ui.switchMode('normal')
  return { command, logs }
}

function lastJson(logs: string[]) {
  return JSON.parse(logs[logs.length - 1])
}

groupInTransaction('node ace bindery:bootstrap', () => {
  test('--org creates the user, an organization where they are admin, and a working token').run(
    async ({ client, assert }) => {
      const email = `boot-${newId(6).toLowerCase()}@example.com`
      const { command, logs } = await runBootstrap([
        `--email=${email}`,
        '--org=Boot Org',
        '--password=correct-horse',
        '--json',
      ])
      assert.equal(command.exitCode, 0)
      const result = lastJson(logs)
      assert.deepEqual(Object.keys(result), ['user', 'organization', 'token'])
      assert.equal(result.user.email, email)
      assert.match(result.token, /^gb_api_/)

      const me = await callAs(client, result).get('/v1/user')
      me.assertStatus(200)
      assert.equal(me.body().id, result.user.id)
      const org = await callAs(client, result).get(`/v1/orgs/${result.organization.id}`)
      assert.equal(org.body().title, 'Boot Org')
      assert.isTrue(org.body().permissions.admin)

      // The password signs in (what the console uses).
      const verified = await User.verifyCredentials(email, 'correct-horse')
      assert.equal(verified.id, result.user.id)
    }
  )

  test('--org-id with --role adds an existing user to an organization with that role').run(
    async ({ client, assert }) => {
      const secondRun = await runBootstrap([
        `--email=owner-${newId(6).toLowerCase()}@example.com`,
        '--org=Shared',
        '--json',
      ])
      const owner = lastJson(secondRun.logs)
      const email = `editor-${newId(6).toLowerCase()}@example.com`
      const { command, logs } = await runBootstrap([
        `--email=${email}`,
        `--org-id=${owner.organization.id}`,
        '--role=edit',
        '--json',
      ])
      assert.equal(command.exitCode, 0)
      const editor = lastJson(logs)
      assert.equal(editor.organization.id, owner.organization.id)

      const org = await callAs(client, editor).get(`/v1/orgs/${owner.organization.id}`)
      org.assertStatus(200)
      assert.isFalse(org.body().permissions.admin)
      const member = await db
        .from('organization_members')
        .where({ organization_id: owner.organization.id, user_id: editor.user.id })
        .first()
      assert.equal(member.role, 'edit')

      // Running it again for the same user keeps one user and changes the role.
      const joinRun = await runBootstrap([
        `--email=${email.toUpperCase()}`,
        `--org-id=${owner.organization.id}`,
        '--role=guest',
        '--json',
      ])
      const again = lastJson(joinRun.logs)
      assert.equal(again.user.id, editor.user.id)
      const guest = await db
        .from('organization_members')
        .where({ organization_id: owner.organization.id, user_id: editor.user.id })
        .first()
      assert.isNull(guest.role)
    }
  )

  test('fails clearly on {$self}')
    .with([
      'no organization flag',
      'both organization flags',
      'an unknown organization',
      'a bad role',
      'a bad e-mail',
      'a short password',
    ])
    .run(async ({ assert }, kind) => {
      const email = `x-${newId(6).toLowerCase()}@example.com`
      const args: Record<string, string[]> = {
        'no organization flag': [`--email=${email}`],
        'both organization flags': [
          `--email=${email}`,
          '--org=A Org',
          `--org-id=${newId()}`,
          '--role=read',
        ],
        'an unknown organization': [`--email=${email}`, `--org-id=${newId()}`, '--role=read'],
        'a bad role': [`--email=${email}`, `--org-id=${newId()}`, '--role=owner'],
        'a bad e-mail': ['--email=not-an-email', '--org=Org'],
        'a short password': [`--email=${email}`, '--org=Org', '--password=short'],
      }
      const before = await db.from('users').count('* as total')
      const { command, logs } = await runBootstrap([...args[kind], '--json'])
      assert.equal(command.exitCode, 1)
      assert.isString(lastJson(logs).error.message)
      const after = await db.from('users').count('* as total')
      assert.equal(Number(after[0].total), Number(before[0].total))
    })
})
