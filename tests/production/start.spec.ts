import { test } from '@japa/runner'
import {
  buildToolingMissing,
  commandLine,
  isAlive,
  startProduction,
  type ProductionServer,
} from '#tests/helpers/production'

/**
 * `npm start` with WEB_CONCURRENCY=2: the compiled build (built first when stale), served by two
 * processes sharing the port, on the suite's engine. One server for the whole group; the last test
 * stops it.
 */
test.group('npm start: the compiled build in two processes', (group) => {
  const missing = buildToolingMissing()
  let server: ProductionServer
  let token: string
  let organizationId: string

  group.setup(async () => {
    if (missing) return
    server = await startProduction(2)
    group.teardown(async () => {
      if (server.child.exitCode === null) await server.stop()
    })
    await server.ready(2)
    const bootstrap = JSON.parse(
      server
        .ace('bindery:bootstrap', '--email=production@example.com', '--org=Production', '--json')
        .trim()
        .split('\n')
        .pop()!
    )
    token = bootstrap.token
    organizationId = bootstrap.organization.id
  })
  group.each.setup(($test) => {
    if (missing) $test.skip(true, missing)
  })

  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })

  test('serves the compiled build/bin/server.js, migrated, with Ace commands from the build', async ({
    assert,
  }) => {
    const health = await fetch(`${server.base}/health`)
    assert.equal(health.status, 200)
    const user = await api('GET', '/v1/user')
    assert.equal(user.status, 200)
    const body = await user.json()
    assert.equal(body.email, 'production@example.com')

    for (const pid of server.listeningPids()) {
      const command = commandLine(pid)
      if (command === null) continue // no /proc here
      assert.include(command, 'build/bin/server.js')
      assert.notInclude(command, 'ts-node')
    }
  })

  test('WEB_CONCURRENCY=2: two processes answer on one port', async ({ assert }) => {
    assert.equal(server.listeningPids().size, 2)
    // Fresh connections in parallel: the primary hands them to its workers in turn.
    for (let round = 0; round < 5 && server.answeringPids('/v1/user').size < 2; round++) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${server.base}/v1/user`, {
            headers: { authorization: `Bearer ${token}`, connection: 'close' },
          }).then((response) => response.arrayBuffer())
        )
      )
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.deepEqual(server.answeringPids('/v1/user'), server.listeningPids())
  })

  test('concurrent writes through both processes all succeed', async ({ assert }) => {
    const path = `/v1/orgs/${organizationId}/spaces`
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        // Fresh connections, so that the primary hands them to both workers.
        fetch(`${server.base}${path}`, {
          method: 'POST',
          headers: {
            'authorization': `Bearer ${token}`,
            'content-type': 'application/json',
            'connection': 'close',
          },
          body: JSON.stringify({ title: `Concurrent ${i}` }),
        }).then(async (response) => {
          await response.arrayBuffer()
          return response.status
        })
      )
    )
    assert.deepEqual([...new Set(statuses)], [201])
    // A process logs its answer after sending it: on a loaded machine a line can arrive after
    // the client has its response, so wait for all 40 lines before counting writers.
    const answered = () => server.lines.filter((l) => l.msg === 'request' && l.path === path)
    const deadline = Date.now() + 10_000
    while (answered().length < 40 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const writers = new Set(answered().map((l) => l.pid))
    assert.equal(writers.size, 2, server.tail())
    const list = await api('GET', `${path}?limit=100`)
    const { items } = await list.json()
    assert.lengthOf(items, 40)
  })

  test("searches answer from the build (SQLite's ranking runs in a worker thread)", async ({
    assert,
  }) => {
    for (const query of ['concurrent', 'zeppelin airship']) {
      const response = await api('GET', `/v1/orgs/${organizationId}/search?query=${query}`)
      assert.equal(response.status, 200, server.tail())
      const body = await response.json()
      assert.deepEqual(body.items, [])
    }
  })

  test('a worker that dies is replaced', async ({ assert }) => {
    const [victim] = server.listeningPids()
    process.kill(victim, 'SIGKILL')
    const deadline = Date.now() + 60_000
    while (server.listeningPids().size < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    assert.equal(server.listeningPids().size, 3, server.tail())
    const health = await fetch(`${server.base}/health`)
    assert.equal(health.status, 200)
  }).timeout(90_000)

  test('SIGTERM stops every process cleanly', async ({ assert }) => {
    const pids = [...server.listeningPids()]
    const { code } = await server.stop()
    assert.equal(code, 0, server.tail())
    assert.deepEqual(
      pids.filter((pid) => isAlive(pid)),
      []
    )
  })
})
