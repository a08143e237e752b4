import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import BinderyImport from '#commands/bindery_import'
import { JobRunner } from '#core/jobs/job_runner'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { startTestSite, type TestSite } from '#tests/helpers/import_site'
import { adminSpace, openChangeRequest } from './helpers.js'

async function runImport(args: string[]) {
  ace.ui.switchMode('raw')
  try {
    const command = await ace.create(BinderyImport, args)
    await command.exec()
    const logs = command.logger.getLogs().map((log) => log.message)
    return { command, logs }
  } finally {
    ace.ui.switchMode('normal')
  }
}

const lastJson = (logs: string[]) => JSON.parse(logs[logs.length - 1])

async function currentRevision(spaceId: string) {
  const row = await db.from('spaces').where('id', spaceId).select('revision_id').first()
  return row.revision_id as string
}

test.group('node ace bindery:import', (group) => {
  eachTestInTransaction(group)
  let site: TestSite
  let allowed: string | undefined

  group.setup(async () => {
    site = await startTestSite()
    allowed = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${site.port}`)
    return async () => {
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await site.close()
    }
  })

  test('starts a run as an admin of the organization and, with no runner, runs it to its end', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const { command, logs } = await runImport([
      `${site.origin}/docs/guide`,
      `--space=${space.id}`,
      '--wait=0',
      '--json',
    ])
    assert.equal(command.exitCode, 0, logs.join('\n'))
    const run = lastJson(logs)
    assert.equal(run.object, 'import-run')
    assert.equal(run.status, 'completed')
    assert.equal(run.createdBy, admin.user.id)
    assert.equal(run.importedResources, 3)
    assert.equal(run.revision, await currentRevision(space.id))
    // The run is the API's: getImportRun reads it.
    const read = await client
      .get(`/v1/org/${admin.organizationId}/imports/${run.id}`)
      .bearerToken(admin.token)
    read.assertStatus(200)
    assert.equal(read.body().status, 'completed')
  })

  test('prints progress and the outcome; a running job runner takes the job instead', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { space } = await adminSpace(client)
    const runner = await app.container.make(JobRunner)
    await runner.start()
    cleanup(() => runner.stop())
    const { command, logs } = await runImport([
      `${site.origin}/docs/guide/install`,
      `--space=${space.id}`,
      '--wait=30',
    ])
    assert.equal(command.exitCode, 0, logs.join('\n'))
    assert.match(logs[0], /import run \w{20} started as /)
    assert.isTrue(logs.some((line) => /import run \w{20} completed: 2 imported/.test(line)))
  })

  test('--user starts it as that user, who must be able to edit the space', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const refused = await runImport([
      `${site.origin}/docs/guide`,
      `--space=${space.id}`,
      `--user=${reader.user.email}`,
      '--json',
    ])
    assert.equal(refused.command.exitCode, 2)
    assert.match(lastJson(refused.logs).error.message, /may not edit this space/)
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    const { command, logs } = await runImport([
      `${site.origin}/docs/guide`,
      `--space=${space.id}`,
      `--user=${editor.user.email}`,
      '--wait=0',
      '--json',
    ])
    assert.equal(command.exitCode, 0)
    assert.equal(lastJson(logs).createdBy, editor.user.id)
    const unknown = await runImport([`${site.origin}/docs/`, '--space=unknownspace00000000'])
    assert.equal(unknown.command.exitCode, 2)
  })

  test('--change-request imports into the change request; a failed run exits 1', async ({
    client,
    assert,
  }) => {
    const { space, changeRequest } = await openChangeRequest(client)
    const before = await currentRevision(space.id)
    const { command, logs } = await runImport([
      `${site.origin}/docs/guide`,
      `--space=${space.id}`,
      `--change-request=${changeRequest.number}`,
      '--wait=0',
      '--json',
    ])
    assert.equal(command.exitCode, 0, logs.join('\n'))
    const run = lastJson(logs)
    assert.deepEqual(run.target, { space: space.id, changeRequest: changeRequest.id })
    const head = await db.from('change_requests').where('id', changeRequest.id).first()
    assert.equal(head.revision_id, run.revision)
    assert.equal(await currentRevision(space.id), before)

    const failed = await runImport([
      `${site.origin}/docs/missing`,
      `--space=${space.id}`,
      '--wait=0',
    ])
    assert.equal(failed.command.exitCode, 1)
    assert.isTrue(
      failed.logs.some((line) => /failed: The website cannot be imported: .*404/.test(line))
    )
  })
})
