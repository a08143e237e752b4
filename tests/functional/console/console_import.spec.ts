import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import User from '#accounts/models/user'
import { JobRunner } from '#core/jobs/job_runner'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { startTestSite, type TestSite } from '#tests/helpers/import_site'
import { signedInRoster } from './console_visitor.js'
import { createSpace } from '../content/helpers.js'

async function drain() {
  const runner = await app.container.make(JobRunner)
  return runner.drain()
}

/** The JSON progress the space page polls, as `userId` reads it. */
async function progress(client: ApiClient, userId: string, path: string) {
  const user = await User.findOrFail(userId)
  const response = await client.get(path).withGuard('web').loginAs(user).redirects(0)
  return { status: response.status(), body: response.body() }
}

function treeTitles(pages: any[]): string[] {
  return pages.flatMap((page) => [page.title, ...treeTitles(page.children ?? [])])
}

test.group('Console website import', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console']))
  let site: TestSite
  let allowed: string | undefined

  group.setup(async () => {
    site = await startTestSite({
      '/guide/': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<html><body><main><h1>Guide</h1><a href="start">Start</a></main></body></html>')
      },
      '/guide/start': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<html><body><main><h1>Getting started</h1><p>Hello.</p></main></body></html>')
      },
    })
    allowed = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${site.port}`)
    return async () => {
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await site.close()
    }
  })

  test('an editor starts an import, follows its progress and sees the pages', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const space = await createSpace(client, roster.admin, { title: 'Docs' })
    const spacePath = `/console/spaces/${space.id}`

    const reader = await as.read.page(spacePath)
    assert.deepEqual(reader.props.websiteImport, { canImport: false, latest: null })
    const editor = await as.edit.page(spacePath)
    assert.deepEqual(editor.props.websiteImport, { canImport: true, latest: null })

    const url = `${site.origin}/guide/`
    const started = await as.edit.submit('POST', `${spacePath}/imports`, { url })
    assert.equal(started.status, 302)
    assert.equal(started.location, spacePath)
    const { notice, page } = await as.edit.flashed(spacePath)
    assert.equal(notice, `Import of ${url} started.`)
    const latest = page.props.websiteImport.latest
    assert.containsSubset(latest, { url, status: 'pending', active: true, canCancel: true })
    // Readers see the run under way, without the cancel button.
    const seen = await as.read.page(spacePath)
    assert.containsSubset(seen.props.websiteImport.latest, { id: latest.id, canCancel: false })

    const json = `${spacePath}/imports/${latest.id}`
    assert.containsSubset(await progress(client, roster.read.user.id, json), {
      status: 200,
      body: { id: latest.id, status: 'pending', importedResources: 0 },
    })
    await drain()
    const done = await progress(client, roster.edit.user.id, json)
    assert.containsSubset(done.body, {
      status: 'completed',
      active: false,
      canCancel: false,
      importedResources: 2,
      failedResources: 0,
    })
    const after = await as.read.page(spacePath)
    assert.sameMembers(treeTitles(after.props.pages), ['Guide', 'Getting started'])
    assert.equal(after.props.websiteImport.latest.status, 'completed')
  })

  test('bad addresses and readers are refused in words, and nothing starts', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const space = await createSpace(client, roster.admin, { title: 'Docs' })
    const spacePath = `/console/spaces/${space.id}`
    const imports = `${spacePath}/imports`

    await as.admin.page(spacePath)
    await as.admin.submit('POST', imports, { url: '' })
    assert.equal(
      await as.admin.flashedError(spacePath, 'url'),
      'Enter the address of the website to import.'
    )
    await as.admin.submit('POST', imports, { url: 'ftp://example.com/docs' })
    assert.equal(
      await as.admin.flashedError(spacePath, 'url'),
      'Enter a full web address starting with http:// or https://.'
    )
    await as.admin.submit('POST', imports, { url: `https://example.com/${'x'.repeat(2100)}` })
    assert.equal(
      await as.admin.flashedError(spacePath, 'url'),
      'This address is too long (2048 characters at most).'
    )
    await as.admin.submit('POST', imports, { url: 'http://10.0.0.5/docs/' })
    assert.match(
      await as.admin.flashedError(spacePath, 'E_BAD_REQUEST'),
      /private or reserved address/
    )

    await as.read.page(spacePath)
    await as.read.submit('POST', imports, { url: `${site.origin}/guide/` })
    assert.isString(await as.read.flashedError(spacePath, 'E_FORBIDDEN'))
    const outsider = await as.outsider.submit('POST', imports, { url: `${site.origin}/guide/` })
    assert.equal(outsider.status, 404)
    assert.equal(await as.outsider.status(spacePath), 404)

    const [count] = await db.from('import_runs').where('space_id', space.id).count('* as n')
    assert.equal(Number(count.n), 0)
  })

  test('cancel, and unknown or foreign runs answer not found', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const space = await createSpace(client, roster.admin, { title: 'Docs' })
    const other = await createSpace(client, roster.admin, { title: 'Other' })
    const spacePath = `/console/spaces/${space.id}`

    await as.edit.page(spacePath)
    await as.edit.submit('POST', `${spacePath}/imports`, { url: `${site.origin}/guide/` })
    const editing = await as.edit.page(spacePath)
    const { latest } = editing.props.websiteImport
    const cancelPath = `${spacePath}/imports/${latest.id}/cancel`

    // A reader may not cancel; the editor may.
    await as.read.page(spacePath)
    await as.read.submit('POST', cancelPath)
    assert.isString(await as.read.flashedError(spacePath, 'E_FORBIDDEN'))
    const cancelled = await as.edit.submit('POST', cancelPath)
    assert.equal(cancelled.status, 302)
    assert.equal(
      await as.edit.notice(spacePath),
      'Import cancelled: nothing was written to the space.'
    )
    await drain()
    const json = await progress(client, roster.edit.user.id, `${spacePath}/imports/${latest.id}`)
    assert.containsSubset(json.body, { status: 'cancelled', active: false, canCancel: false })
    await as.edit.submit('POST', cancelPath)
    assert.match(await as.edit.flashedError(spacePath, 'E_BAD_REQUEST'), /already ended/)

    // Through another space's URL, an unknown id, or by an outsider: not found.
    for (const [userId, path] of [
      [roster.admin.user.id, `/console/spaces/${other.id}/imports/${latest.id}`],
      [roster.admin.user.id, `${spacePath}/imports/unknownrun0000000000`],
      [roster.outsider.user.id, `${spacePath}/imports/${latest.id}`],
    ]) {
      const answer = await progress(client, userId, path)
      assert.equal(answer.status, 404, path)
    }
  })
})
