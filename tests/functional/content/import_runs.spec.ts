import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import { JobRunner } from '#core/jobs/job_runner'
import { toSqlTimestamp } from '#core/database/timestamps'
import { newId } from '#core/ids'
import ContentStore from '#content/services/content_store'
import SearchIndexService from '#content/search/search_index_service'
import { IMPORT_RUN_JOB } from '#content/import/import_run_service'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { assertAnswer, assertAnswers, assertTokenGuards } from '#tests/helpers/guards'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { startTestSite, TINY_PNG, type TestSite } from '#tests/helpers/import_site'
import { onSqlite } from '#tests/helpers/sqlite_statements'
import { adminSpace, openChangeRequest, pendingFullText } from './helpers.js'
import { createSpace } from '../spaces/helpers.js'

const store = new ContentStore()
async function drain() {
  const runner = await app.container.make(JobRunner)
  return runner.drain()
}

/** The body of an answer (its `key` when given), checked against the contract. */
async function bodyOf(request: PromiseLike<{ body(): any }>, key?: string) {
  const response = await request
  ;(response as any).assertContract()
  return key ? response.body()[key] : response.body()
}

function html(res: any, title: string, body: string, delayMs = 0) {
  const send = () => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html><head><title>${title}</title></head><body><main>${body}</main></body></html>`
    )
  }
  if (delayMs === 0) return send()
  const timer = setTimeout(send, delayMs)
  res.on('close', () => clearTimeout(timer))
}

/** A small manual under /manual/: three pages, a nested one, an image, a missing page. */
const MANUAL = {
  '/manual/': (_req: any, res: any) =>
    html(
      res,
      'Manual',
      `<h1>Manual</h1><p><a href="intro">Intro</a> <a href="setup">Setup</a> <a href="gone">Gone</a></p>
<p><img src="/manual/shot.png" alt="Shot"></p>`
    ),
  '/manual/intro': (_req: any, res: any) =>
    html(res, 'Intro', '<h1>Intro</h1><p>Read <a href="setup">setup</a>.</p>'),
  '/manual/setup': (_req: any, res: any) =>
    html(res, 'Setup', '<h1>Setup</h1><p>See <a href="setup/linux">Linux</a>.</p>'),
  '/manual/setup/linux': (_req: any, res: any) =>
    html(res, 'Linux', '<h1>Linux</h1><pre><code>apt install x</code></pre>'),
  '/manual/shot.png': (_req: any, res: any) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': TINY_PNG.length })
    res.end(TINY_PNG)
  },
  // Slow pages: a run crawling them is caught in progress, or cancelled meanwhile.
  '/slow/': (_req: any, res: any) =>
    html(
      res,
      'Slow',
      '<h1>Slow</h1>' + [1, 2, 3, 4, 5, 6].map((n) => `<a href="p${n}">P${n}</a>`).join(' ')
    ),
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6].map((n) => [
      `/slow/p${n}`,
      (_req: any, res: any) => html(res, `P${n}`, `<h1>Page ${n}</h1>`, 700),
    ])
  ),
}

function runsOf(client: ApiClient, caller: Caller, organizationId = caller.organizationId) {
  const path = `/v1/org/${organizationId}/imports`
  return {
    path,
    start: (body: unknown) =>
      client
        .post(path)
        .bearerToken(caller.token)
        .json(body as object),
    get: (id: string) => client.get(`${path}/${id}`).bearerToken(caller.token),
    list: (query: Record<string, unknown> = {}) =>
      client.get(path).qs(query).bearerToken(caller.token),
    cancel: (id: string) => client.post(`${path}/${id}/cancel`).bearerToken(caller.token),
  }
}

const website = (url: string, space: string, extra: Record<string, unknown> = {}) => ({
  source: { type: 'website', url },
  target: { space, ...extra },
})

async function currentRevision(spaceId: string) {
  const row = await db.from('spaces').where('id', spaceId).select('revision_id').first()
  return row.revision_id as string
}

async function countRevisions(spaceId: string) {
  const [row] = await db.from('revisions').where('space_id', spaceId).count('* as n')
  return Number(row.n)
}

async function titlesOf(spaceId: string, revisionId: string) {
  const tree = await store.loadTree(db.connection(), spaceId, revisionId)
  return { tree, titles: [...tree.byId.values()].map((page) => page.node.title) }
}

/**
 * Leaves `run` as a process that stopped during attempt `attempts` of its job leaves it: the job
 * running past its lease, the run in progress (with `run` columns of its own, a revision say).
 */
async function leftRunning(runId: string, attempts: number, run: Record<string, unknown> = {}) {
  const past = toSqlTimestamp(new Date(Date.now() - 60_000))
  const { job_id: jobId } = await db.from('import_runs').where('id', runId).first()
  await db
    .from('jobs')
    .where('id', jobId)
    .update({ status: 'running', attempts, locked_until: past })
  await db
    .from('import_runs')
    .where('id', runId)
    .update({ status: 'in-progress', started_at: past, imported_resources: 1, ...run })
}

/** Polls the run until `done(run)` or the deadline. */
async function waitFor(runs: ReturnType<typeof runsOf>, id: string, done: (run: any) => boolean) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const response = await runs.get(id)
    assertAnswer(response, 200)
    if (done(response.body()) || Date.now() > deadline) return response.body()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

test.group('Import runs: /v1/org/{organizationId}/imports', (group) => {
  eachTestInTransaction(group)
  let site: TestSite
  let allowed: string | undefined

  group.setup(async () => {
    site = await startTestSite(MANUAL)
    allowed = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${site.port}`)
    return async () => {
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await site.close()
    }
  })

  test('a run starts pending, runs as a job and ends with one new revision', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const before = await currentRevision(space.id)
    const revisionsBefore = await countRevisions(space.id)
    const started = await runs.start(website(`${site.origin}/manual/`, space.id))
    assertAnswer(started, 201)
    const pending = started.body()
    assert.equal(pending.object, 'import-run')
    assert.equal(pending.status, 'pending')
    assert.deepEqual(pending.source, { type: 'website', url: `${site.origin}/manual/` })
    assert.deepEqual(pending.target, { space: space.id })
    assert.equal(pending.createdBy, admin.user.id)
    assert.match(pending.urls.location, new RegExp(`^https?://.+${runs.path}/${pending.id}$`))
    assert.equal(await currentRevision(space.id), before)

    assert.deepEqual(await drain(), { succeeded: 1, failed: 0, retried: 0 })
    const done = await runs.get(pending.id)
    assertAnswer(done, 200)
    const run = done.body()
    assert.equal(run.status, 'completed')
    assert.exists(run.startedAt)
    assert.exists(run.completedAt)
    // 4 pages and the image imported; the missing page is counted and named.
    assert.equal(run.importedResources, 5)
    assert.equal(run.failedResources, 1)
    assert.equal(run.totalResources, 6)
    assert.lengthOf(run.errors, 1)
    assert.equal(run.errors[0].url, `${site.origin}/manual/gone`)

    const after = await currentRevision(space.id)
    assert.equal(run.revision, after)
    const { tree, titles } = await titlesOf(space.id, after)
    assert.sameMembers(titles, ['Manual', 'Intro', 'Setup', 'Linux'])
    assert.lengthOf(tree.files, 1)
    // One revision more than before, whatever the number of pages.
    assert.equal(await countRevisions(space.id), revisionsBefore + 1)
  })

  test('progress is visible while the run crawls, and a cancelled run writes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const before = await currentRevision(space.id)
    const started = await runs.start(website(`${site.origin}/slow/`, space.id))
    assertAnswer(started, 201)
    const id = started.body().id

    const running = drain()
    const progress = await waitFor(
      runs,
      id,
      (run) => run.status === 'in-progress' && run.importedResources >= 1
    )
    assert.equal(progress.status, 'in-progress')
    assert.isAtLeast(progress.totalResources, 7)
    assert.isBelow(progress.importedResources, progress.totalResources)

    const cancelled = await runs.cancel(id)
    assertAnswer(cancelled, 200)
    assert.equal(cancelled.body().status, 'cancelled')
    await running
    const after = await bodyOf(runs.get(id))
    assert.equal(after.status, 'cancelled')
    assert.notExists(after.revision)
    assert.equal(await currentRevision(space.id), before)

    // Cancelling again: it has ended.
    assertAnswer(await runs.cancel(id), 400, 'already ended (cancelled)')
  })

  test('a run cancelled before its job starts never crawls', async ({ client, assert }) => {
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const started = await bodyOf(runs.start(website(`${site.origin}/manual/intro`, space.id)))
    const requests = site.requests.length
    assertAnswer(await runs.cancel(started.id), 200)
    await drain()
    assert.equal(site.requests.length, requests)
    assert.equal(await bodyOf(runs.get(started.id), 'status'), 'cancelled')
  })

  test('a run into a change request moves its head, not the space', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const runs = runsOf(client, admin)
    const before = await currentRevision(space.id)
    const started = await runs.start(
      website(`${site.origin}/manual/setup`, space.id, {
        changeRequest: String(changeRequest.number),
      })
    )
    assertAnswer(started, 201)
    assert.deepEqual(started.body().target, { space: space.id, changeRequest: changeRequest.id })
    await drain()
    const run = await bodyOf(runs.get(started.body().id))
    assert.equal(run.status, 'completed')
    assert.equal(await currentRevision(space.id), before)
    const head = await db.from('change_requests').where('id', changeRequest.id).first()
    assert.equal(head.revision_id, run.revision)
    const filtered = await runs.list({ changeRequest: changeRequest.id })
    assertAnswer(filtered, 200)
    assert.deepEqual(
      filtered.body().items.map((item: any) => item.id),
      [run.id]
    )
  })

  test('an unreachable start page ends the run failed with its reason', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const started = await bodyOf(runs.start(website(`${site.origin}/manual/gone`, space.id)))
    assert.deepEqual(await drain(), { succeeded: 1, failed: 0, retried: 0 })
    const run = await bodyOf(runs.get(started.id))
    assert.equal(run.status, 'failed')
    assert.match(run.reason, /^The website cannot be imported: .*404/)
  })

  test('a run interrupted mid-way resumes from the start, or ends failed when out of attempts', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const resumed = await bodyOf(runs.start(website(`${site.origin}/manual/intro`, space.id)))
    const lost = await bodyOf(runs.start(website(`${site.origin}/manual/setup`, space.id)))
    // As a process that died during its first attempt leaves them: running, the lease expired.
    await leftRunning(resumed.id, 1)
    await leftRunning(lost.id, 3)
    await drain()
    const first = await bodyOf(runs.get(resumed.id))
    assert.equal(first.status, 'completed')
    assert.equal(await currentRevision(space.id), first.revision)
    const second = await bodyOf(runs.get(lost.id))
    assert.equal(second.status, 'failed')
    assert.equal(second.reason, 'The import was interrupted and could not be resumed')
    const lostRow = await db.from('import_runs').where('id', lost.id).first()
    const jobs = await db.from('jobs').where('name', IMPORT_RUN_JOB).where('id', lostRow.job_id)
    // The runner gave the job up too.
    assert.equal(jobs[0].status, 'failed')
  })

  test("a run whose revision is written only finishes: search's entries, then completed", async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const done = await bodyOf(runs.start(website(`${site.origin}/manual/intro`, space.id)))
    await drain()
    const completed = await bodyOf(runs.get(done.id))
    assert.equal(completed.status, 'completed')
    if (onSqlite()) {
      // The imported sections' full-text entries were written before the run completed.
      assert.equal(await pendingFullText(), 0)
    }

    // As a process that stopped after the revision's commit leaves them: the revision recorded,
    // the run in progress, its job running past its lease.
    const finishing = await bodyOf(runs.start(website(`${site.origin}/manual/setup`, space.id)))
    const abandoned = await bodyOf(runs.start(website(`${site.origin}/manual/setup`, space.id)))
    await leftRunning(finishing.id, 1, { revision_id: completed.revision })
    await leftRunning(abandoned.id, 3, { revision_id: completed.revision })
    // Finishing, it is no longer cancelled.
    assertAnswer(await runs.cancel(finishing.id), 400, 'can no longer be cancelled')
    const revisions = await countRevisions(space.id)
    const requests = site.requests.length
    await drain()
    for (const run of [finishing, abandoned]) {
      const after = await bodyOf(runs.get(run.id))
      assert.equal(after.status, 'completed')
      assert.equal(after.revision, completed.revision)
      assert.exists(after.completedAt)
    }
    // Nothing crawled or written again.
    assert.equal(site.requests.length, requests)
    assert.equal(await countRevisions(space.id), revisions)
  })

  test("a run settled out of attempts after its revision writes search's pending entries", async ({
    client,
    assert,
  }) => {
    if (!onSqlite()) return // MySQL writes its entries at once.
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const done = await bodyOf(runs.start(website(`${site.origin}/manual/intro`, space.id)))
    await drain()
    const { revision } = await bodyOf(runs.get(done.id))
    // Its process died on the last attempt, after the revision's commit and before the entries.
    const abandoned = await bodyOf(runs.start(website(`${site.origin}/manual/setup`, space.id)))
    await leftRunning(abandoned.id, 3, { revision_id: revision })
    const deferred = { pageId: newId(), title: 'Zeppelin', path: 'zeppelin', hidden: false }
    await new SearchIndexService().indexPages(
      db.connection(),
      space.id,
      space.organization,
      [{ ...deferred, markdown: '# Zeppelin\n\nAirships.' }],
      [],
      { deferFullText: true }
    )
    assert.isAbove(await pendingFullText(), 0)

    // Reading the run settles it; no run is left to write the entries, so they are written now.
    assert.equal(await bodyOf(runs.get(abandoned.id), 'status'), 'completed')
    const deadline = Date.now() + 10_000
    while ((await pendingFullText()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.equal(await pendingFullText(), 0)
  })

  test('lists runs most recent first, by page, with filters; members see their own', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const other = await createSpace(client, admin)
    const writer = await createCaller({ organizationId: admin.organizationId, role: 'admin' })
    const runs = runsOf(client, admin)
    const ids: string[] = []
    for (const target of [space.id, other.id, space.id]) {
      const started = await runs.start(website(`${site.origin}/manual/intro`, target))
      ids.push(started.body().id)
    }
    const first = await runs.list({ limit: 2 })
    assertAnswer(first, 200)
    assert.equal(first.body().count, 3)
    assert.deepEqual(
      first.body().items.map((run: any) => run.id),
      [ids[2], ids[1]]
    )
    const second = await runs.list({ limit: 2, page: first.body().next.page })
    assertAnswer(second, 200)
    assert.deepEqual(
      second.body().items.map((run: any) => run.id),
      [ids[0]]
    )
    assert.notExists(second.body().next)

    const bySpace = await runs.list({ space: other.id })
    assert.deepEqual(
      bySpace.body().items.map((run: any) => run.id),
      [ids[1]]
    )
    assert.equal(await bodyOf(runs.list({ status: 'active' }), 'count'), 3)
    assert.equal(await bodyOf(runs.list({ status: 'completed' }), 'count'), 0)
    assertAnswer(await runs.list({ status: 'done' }), 400, 'status')
    assertAnswer(await runs.list({ limit: 1001 }), 400, 'limit')
    assertAnswer(await runs.list({ page: 'nonsense' }), 400, 'page')

    // A reader of the organization lists only the runs they started.
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const listed = await runsOf(client, reader).list()
    assertAnswer(listed, 200)
    assert.equal(listed.body().count, 0)
    assert.equal(await bodyOf(runsOf(client, writer).list(), 'count'), 3)
  })

  test('refuses bad input: missing, over-long, non-http and private URLs, bad targets', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const runs = runsOf(client, admin)
    const url = `${site.origin}/manual/`
    assertAnswers(
      await Promise.all([
        runs.start({ target: { space: space.id } }),
        runs.start({ source: { type: 'website' }, target: { space: space.id } }),
        runs.start({ source: { type: 'website', url } }),
        runs.start(website(`${site.origin}/${'x'.repeat(2100)}`, space.id)),
        runs.start(website('ftp://example.com/docs/', space.id)),
        runs.start(website('javascript:alert(1)', space.id)),
        runs.start({ source: { type: 'file', files: ['a'] }, target: { space: space.id } }),
      ]),
      400
    )
    assertAnswer(
      await runs.start(website('http://10.0.0.5/docs/', space.id)),
      400,
      'private or reserved address'
    )
    assertAnswer(
      await runs.start(website('http://169.254.169.254/latest/', space.id)),
      400,
      'url: The URL cannot be imported'
    )
    assertAnswer(await runs.start(website(url, 'unknownspace000000000')), 404, 'space')
    assertAnswer(
      await runs.start(website(url, space.id, { changeRequest: '999' })),
      404,
      'change request'
    )
    const count = await db.from('import_runs').where('space_id', space.id).count('* as n')
    assert.equal(Number(count[0].n), 0)
  })

  test('unknown ids and another organization answer 404, never data', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const stranger = await createCaller()
    const strangerSpace = await createSpace(client, stranger)
    const mine = await bodyOf(
      runsOf(client, admin).start(website(`${site.origin}/manual/`, space.id))
    )

    const runs = runsOf(client, admin)
    assertAnswer(await runs.get('unknownrun0000000000'), 404, 'import run')
    assertAnswer(await runs.cancel('unknownrun0000000000'), 404, 'import run')
    // Another organization's run, through its id or through mine.
    const theirs = runsOf(client, stranger)
    assertAnswer(await theirs.get(mine.id), 404, 'import run')
    assertAnswer(await theirs.cancel(mine.id), 404, 'import run')
    const viaOther = runsOf(client, stranger, admin.organizationId)
    assertAnswers(
      await Promise.all([viaOther.get(mine.id), viaOther.list(), viaOther.cancel(mine.id)]),
      404,
      'organization'
    )
    // A space of another organization as the target.
    assertAnswer(
      await runs.start(website(`${site.origin}/manual/`, strangerSpace.id)),
      404,
      'space'
    )
    // A reader of the organization may read the run of a space they see, not start or cancel one.
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const readerRuns = runsOf(client, reader)
    assertAnswer(await readerRuns.get(mine.id), 200)
    assertAnswer(await readerRuns.start(website(`${site.origin}/manual/`, space.id)), 403)
    assertAnswer(await readerRuns.cancel(mine.id), 403)
    assert.equal(await bodyOf(runs.get(mine.id), 'status'), 'pending')
  })

  test('needs a token with the scopes GitBook names', async ({ client }) => {
    const { admin, space } = await adminSpace(client)
    const path = `/v1/org/${admin.organizationId}/imports`
    const body = website(`${site.origin}/manual/`, space.id)
    await assertTokenGuards(admin.user, [
      { send: () => client.get(path), scope: 'space:read' },
      { send: () => client.post(path).json(body), scope: 'space:write' },
      { send: () => client.get(`${path}/unknownrun0000000000`), scope: 'space:read' },
      { send: () => client.post(`${path}/unknownrun0000000000/cancel`), scope: 'space:write' },
    ])
  })
})

test.group("Import runs through GitBook's client", (group) => {
  let site: TestSite
  let allowed: string | undefined
  eachTestInTransaction(group)

  group.setup(async () => {
    site = await startTestSite(MANUAL)
    allowed = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${site.port}`)
    return async () => {
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await site.close()
    }
  })

  test('startImportRun, getImportRun, listImportRuns, cancelImportRun', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const api = gitbookClient(admin.token)
    const orgs = api.org as any
    const { data: started } = await orgs.startImportRun(admin.organizationId, {
      source: { type: 'website', url: `${site.origin}/manual/intro` },
      target: { space: space.id },
    })
    assert.equal(started.status, 'pending')
    await drain()
    const { data: run } = await orgs.getImportRun(admin.organizationId, started.id)
    assert.equal(run.status, 'completed')
    assert.equal(run.importedResources, 1)
    const { data: second } = await orgs.startImportRun(admin.organizationId, {
      source: { type: 'website', url: `${site.origin}/manual/setup` },
      target: { space: space.id },
    })
    const { data: cancelled } = await orgs.cancelImportRun(admin.organizationId, second.id)
    assert.equal(cancelled.status, 'cancelled')
    const { data: list } = await orgs.listImportRuns(admin.organizationId, { limit: 1 })
    assert.equal(list.count, 2)
    assert.deepEqual(
      list.items.map((item: any) => item.id),
      [second.id]
    )
    assert.exists(list.next)
  })
})
