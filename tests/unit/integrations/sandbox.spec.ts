import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import env from '#start/env'
import { SsrfGuard } from '#content/import/ssrf_guard'
import {
  RUNTIME_UNAVAILABLE,
  runIntegrationScript,
  type RunScriptInput,
} from '#integrations/runtime/sandbox'

/**
 * The integrations sandbox: untrusted scripts run in isolates with GitBook's runtime convention,
 * bounded in memory, CPU, wall time, logs and fetches, and never blocking the host's event loop.
 */

const event = { eventId: 'ev1', type: 'space_content_updated', spaceId: 'space1', revisionId: 'r1' }
const environment = {
  apiEndpoint: 'http://127.0.0.1:1',
  apiTokens: { installation: 'token' },
  integration: { name: 'demo' },
  installation: { id: 'inst1', configuration: { channel: '#docs' } },
  secrets: {},
}

function run(script: string, extra: Partial<RunScriptInput> = {}) {
  return runIntegrationScript({ script, event, environment, ...extra })
}

/** A local server answering JSON about each request it receives. */
async function startEcho(): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      response.setHeader('content-type', 'application/json')
      response.setHeader('x-echo', 'yes')
      response.end(JSON.stringify({ method: request.method, path: request.url, body }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

test.group('Integration sandbox', (group) => {
  group.tap((t) => t.tags(['@integrations']))

  test('an ES module handles an event, logs and answers a Response', async ({ assert }) => {
    const result = await run(`
      export default {
        async fetch(request, env) {
          const { event, environment } = await request.json()
          console.log('handling', event.type, 'for', environment.installation.configuration.channel)
          console.warn({ space: event.spaceId })
          return new Response(JSON.stringify({ ok: true, url: new URL(request.url).pathname }), {
            headers: { 'content-type': 'application/json' },
          })
        },
      }
    `)
    assert.equal(result.status, 'succeeded', result.error)
    assert.deepEqual(
      result.logs.map(({ level, message }) => [level, message]),
      [
        ['log', 'handling space_content_updated for #docs'],
        ['warn', '{"space":"space1"}'],
      ]
    )
    assert.match(result.logs[0].at, /^\d{4}-\d\d-\d\dT.*Z$/)
    assert.equal(result.response?.status, 200)
    assert.deepEqual(JSON.parse(result.response!.body), { ok: true, url: '/v1' })
    assert.equal(result.response?.headers['content-type'], 'application/json')
    assert.isAtLeast(result.durationMs, 0)
  })

  test("GitBook's bundle shape: IIFE global and form fields, with events", async ({ assert }) => {
    // What GitBook's CLI bundles: an IIFE assigning __gitbook_integration, whose default export is
    // createIntegration's { fetch }, which reads the event and environment as form fields.
    const result = await run(`
      "use strict";
      var __gitbook_integration = (() => {
        var handlers = {
          space_content_updated: async (event, context) => {
            console.info('updated', event.spaceId, context.environment.integration.name)
          },
        };
        var integration = {
          fetch: async (request, env, ctx) => {
            const version = new URL(request.url).pathname.slice(1);
            if (version !== 'v1') return new Response('Unsupported version', { status: 400 });
            const form = await request.formData();
            const event = JSON.parse(form.get('event'));
            const context = { environment: JSON.parse(form.get('environment')) };
            const cb = handlers[event.type];
            if (!cb) return new Response(JSON.stringify({ error: 'not handled' }), { status: 406 });
            await cb(event, context);
            return new Response('OK', { status: 200 });
          },
        };
        return { default: integration };
      })();
    `)
    assert.equal(result.status, 'succeeded', result.error)
    assert.deepEqual(
      result.logs.map(({ message }) => message),
      ['updated space1 demo']
    )
    assert.equal(result.response?.body, 'OK')
  })

  test('an old-style worker with a fetch listener', async ({ assert }) => {
    const result = await run(`
      addEventListener('fetch', (event) => {
        event.respondWith(event.request.json().then((data) => Response.json({ type: data.event.type })))
      })
    `)
    assert.equal(result.status, 'succeeded', result.error)
    assert.deepEqual(JSON.parse(result.response!.body), { type: 'space_content_updated' })
  })

  test('a script that throws fails with its message and keeps its logs', async ({ assert }) => {
    const result = await run(`
      export default {
        async fetch() {
          console.log('before')
          throw new Error('boom in handler')
        },
      }
    `)
    assert.equal(result.status, 'failed')
    assert.include(result.error!, 'boom in handler')
    assert.deepEqual(
      result.logs.map(({ message }) => message),
      ['before']
    )

    const atLoad = await run(`throw new TypeError('broken at load')`)
    assert.equal(atLoad.status, 'failed')
    assert.include(atLoad.error!, 'broken at load')

    const syntax = await run(`export default {{`)
    assert.equal(syntax.status, 'failed')

    const noHandler = await run(`const x = 1`)
    assert.equal(noHandler.status, 'failed')
    assert.include(noHandler.error!, 'no fetch handler')

    const serverError = await run(
      `export default { fetch: () => new Response('{"error":"Internal"}', { status: 500 }) }`
    )
    assert.equal(serverError.status, 'failed')
    assert.equal(serverError.response?.status, 500)
    assert.include(serverError.error!, 'HTTP 500')
  })

  test('an endless synchronous loop is stopped by the CPU limit', async ({ assert }) => {
    const result = await run(`export default { fetch() { for (;;) {} } }`, {
      limits: { cpuTimeMs: 300, wallTimeMs: 2000 },
    })
    assert.equal(result.status, 'failed')
    assert.match(result.error!, /CPU|longer than/)
    assert.isBelow(result.durationMs, 2500)

    const atLoad = await run(`while (true) {}`, { limits: { cpuTimeMs: 300, wallTimeMs: 2000 } })
    assert.equal(atLoad.status, 'failed')
  })

  test('endless async work is stopped at the wall-time deadline', async ({ assert }) => {
    const timers = await run(
      `export default { fetch() { return new Promise(() => { const again = () => setTimeout(again, 10); again() }) } }`,
      { limits: { wallTimeMs: 500 } }
    )
    assert.equal(timers.status, 'failed')
    assert.include(timers.error!, 'longer than 500 ms')
    assert.isBelow(timers.durationMs, 1500)

    const microtasks = await run(`export default { async fetch() { for (;;) { await null } } }`, {
      limits: { wallTimeMs: 500, cpuTimeMs: 400 },
    })
    assert.equal(microtasks.status, 'failed')
    assert.isBelow(microtasks.durationMs, 2000)
  })

  test('endless allocation is stopped by the memory limit', async ({ assert }) => {
    const result = await run(
      `export default { fetch() { const all = []; for (;;) all.push(new Array(100000).fill('x' + all.length)) } }`,
      { limits: { memoryMb: 16, cpuTimeMs: 5000, wallTimeMs: 8000 } }
    )
    assert.equal(result.status, 'failed')
    assert.match(result.error!, /memory|stopped|CPU/)
  }).timeout(20000)

  test('no process, require, imports, host objects or environment inside', async ({ assert }) => {
    const probe = await run(`
      export default {
        async fetch() {
          const found = {
            process: typeof process,
            require: typeof require,
            module: typeof module,
            Buffer: typeof Buffer,
            viaFunction: (() => { try { return typeof Function('return this')().process } catch (e) { return 'error' } })(),
            viaConstructor: ({}).constructor.constructor('return typeof process')(),
            globalKeys: Object.getOwnPropertyNames(globalThis).filter((k) => k.startsWith('__bindery_host')),
            hostFetchVisible: typeof globalThis.hostFetch,
          }
          let dynamicImport
          try { await import('node:fs'); dynamicImport = 'loaded' } catch (e) { dynamicImport = 'refused' }
          found.dynamicImport = dynamicImport
          return Response.json(found)
        },
      }
    `)
    assert.equal(probe.status, 'succeeded', probe.error)
    assert.deepEqual(JSON.parse(probe.response!.body), {
      process: 'undefined',
      require: 'undefined',
      module: 'undefined',
      Buffer: 'undefined',
      viaFunction: 'undefined',
      viaConstructor: 'undefined',
      globalKeys: [],
      hostFetchVisible: 'undefined',
      dynamicImport: 'refused',
    })

    const staticImport = await run(
      `import fs from 'node:fs'\nexport default { fetch: () => new Response(String(fs)) }`
    )
    assert.equal(staticImport.status, 'failed')
    assert.include(staticImport.error!, 'module imports are refused')
  })

  test('fetch: loopback refused, an allowed host answers, count bounded', async ({
    assert,
    cleanup,
  }) => {
    const { server, port } = await startEcho()
    cleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const script = `
      export default {
        async fetch() {
          const out = []
          try {
            const r = await fetch('http://127.0.0.1:${port}/hook', { method: 'POST', body: 'hi', headers: { 'x-a': '1' } })
            out.push({ status: r.status, echo: r.headers.get('x-echo'), data: await r.json() })
          } catch (e) { out.push({ error: String(e.message) }) }
          try { await fetch('http://169.254.169.254/latest/meta-data') } catch (e) { out.push({ error: String(e.message) }) }
          return Response.json(out)
        },
      }
    `
    const refused = await run(script, { guard: new SsrfGuard() })
    assert.equal(refused.status, 'succeeded', refused.error)
    const [loopback, metadata] = JSON.parse(refused.response!.body)
    assert.include(loopback.error, 'private or reserved')
    assert.include(metadata.error, 'private or reserved')

    const allowed = await run(script, {
      guard: new SsrfGuard({ allowedHosts: [`127.0.0.1:${port}`] }),
    })
    assert.equal(allowed.status, 'succeeded', allowed.error)
    const [answer] = JSON.parse(allowed.response!.body)
    assert.deepEqual(answer, {
      status: 200,
      echo: 'yes',
      data: { method: 'POST', path: '/hook', body: 'hi' },
    })
    assert.equal(allowed.fetches, 2)

    // The default guard reads IMPORT_ALLOWED_HOSTS, as website imports do.
    const previous = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${port}`)
    try {
      const byEnv = await run(script)
      assert.equal(JSON.parse(byEnv.response!.body)[0].status, 200)
    } finally {
      env.set('IMPORT_ALLOWED_HOSTS', previous ?? '')
    }

    const many = await run(
      `export default { async fetch() {
        let refused = 0
        for (let i = 0; i < 5; i++) { try { await fetch('http://127.0.0.1:${port}/') } catch (e) { if (/at most 2/.test(e.message)) refused++ } }
        return Response.json({ refused })
      } }`,
      { guard: new SsrfGuard({ allowedHosts: [`127.0.0.1:${port}`] }), limits: { maxFetches: 2 } }
    )
    assert.deepEqual(JSON.parse(many.response!.body), { refused: 3 })
  })

  test('console output is bounded', async ({ assert }) => {
    const result = await run(
      `export default { fetch() { for (let i = 0; i < 1000; i++) console.log('line ' + i + ' ' + 'x'.repeat(100)); return new Response('') } }`,
      { limits: { maxLogLines: 50 } }
    )
    assert.equal(result.status, 'succeeded')
    assert.lengthOf(result.logs, 50)
    assert.isTrue(result.logsTruncated)
  })

  test('the host event loop keeps serving while a script loops', async ({ assert }) => {
    const ticks: number[] = []
    const startedAt = Date.now()
    const interval = setInterval(() => ticks.push(Date.now() - startedAt), 50)
    const result = await run(`export default { fetch() { for (;;) {} } }`, {
      limits: { cpuTimeMs: 1000, wallTimeMs: 1500 },
    })
    clearInterval(interval)
    assert.equal(result.status, 'failed')
    // About 20 ticks in a second; a blocked loop would give none until the end.
    assert.isAtLeast(ticks.length, 10)
    assert.isBelow(ticks[0], 300)
  })

  test('the process runs with --no-node-snapshot, as isolated-vm needs on Node 20+', ({
    assert,
  }) => {
    // ace.js (and bin/server.ts, bin/start.js) pass the flag on; see bin/no_node_snapshot.js.
    assert.include(process.execArgv, '--no-node-snapshot')
  })

  test('without isolated-vm a run fails with a clear error', async ({ assert }) => {
    const result = await run(`export default { fetch: () => new Response('') }`, { runtime: null })
    assert.equal(result.status, 'failed')
    assert.equal(result.error, RUNTIME_UNAVAILABLE)
  })

  test('web shims: Headers, URL, TextEncoder, setTimeout', async ({ assert }) => {
    const result = await run(`
      export default {
        async fetch() {
          const h = new Headers({ 'X-One': 'a' }); h.append('x-one', 'b')
          const u = new URL('../b/c?x=1#h', 'https://example.com:443/a/d/e')
          const bytes = new TextEncoder().encode('é€😀')
          const back = new TextDecoder().decode(bytes)
          const waited = await new Promise((resolve) => setTimeout(() => resolve('late'), 20))
          const params = new URLSearchParams('a=1&b=x+y&a=2'); params.set('c', 3)
          const form = await new Request('https://x.test/', { method: 'POST', body: 'k=v&k=w', headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
          return Response.json({ h: h.get('x-one'), href: u.href, q: u.searchParams.get('x'), n: bytes.length, back, waited, params: params.toString(), all: params.getAll('a'), form: form.getAll('k') })
        },
      }
    `)
    assert.equal(result.status, 'succeeded', result.error)
    assert.deepEqual(JSON.parse(result.response!.body), {
      h: 'a, b',
      href: 'https://example.com/a/b/c?x=1#h',
      q: '1',
      n: 9,
      back: 'é€😀',
      waited: 'late',
      params: 'a=1&b=x+y&a=2&c=3',
      all: ['1', '2'],
      form: ['v', 'w'],
    })
  })
})
