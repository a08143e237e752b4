import { createServer, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import { startInTurns } from '#core/http/request_turns'

/** Holds the loop for `ms` (a request's synchronous work). */
function busy(ms: number) {
  const end = performance.now() + ms
  while (performance.now() < end);
}

/** Whether the loop gets back to its poll phase once per turn: `tick` marks each turn. */
function turnsOf(events: string[]) {
  let running = true
  const tick = () => {
    if (!running) return
    events.push('turn')
    setImmediate(tick)
  }
  setImmediate(tick)
  return () => (running = false)
}

test.group('requests start in turns of the event loop', () => {
  test('every request starts, in the order it arrived', async ({ assert }) => {
    const started: number[] = []
    const start = startInTurns((n: number) => started.push(n))
    for (let n = 0; n < 200; n++) start(n)
    assert.deepEqual(started, [])
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.deepEqual(
      started,
      Array.from({ length: 200 }, (_, n) => n)
    )
  })

  test('costly requests are spread over turns; cheap ones start together', async ({ assert }) => {
    // The loop's busy time is this test's clock: each request adds what it costs.
    let clock = 0
    /** Starts requests that each cost `cost` ms, recorded in `events`, with a 5 ms budget. */
    const starter = (events: string[], cost: number) =>
      startInTurns(
        (n: number) => {
          events.push(`r${n}`)
          clock += cost
        },
        { budgetMs: 5, busyMs: () => clock }
      )
    const events: string[] = []
    const start = starter(events, 3)
    const stop = turnsOf(events)
    // The first burst measures what a request costs the loop.
    for (let n = 0; n < 4; n++) start(n)
    await new Promise((resolve) => setTimeout(resolve, 20))
    events.length = 0
    for (let n = 0; n < 6; n++) start(n)
    await new Promise((resolve) => setTimeout(resolve, 20))
    stop()
    // 3 ms each in a 5 ms budget: one request per turn, the loop polling between them.
    const requests = events.filter((event) => event !== 'turn')
    assert.deepEqual(requests, ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'])
    for (let at = 1; at < events.length; at++) {
      if (events[at].startsWith('r') && events[at - 1].startsWith('r')) {
        assert.fail(`two requests of 3 ms started in one turn: ${events.slice(0, 40).join(' ')}`)
      }
    }

    // 0.01 ms each: the 20 of a burst start in one turn.
    const cheap: string[] = []
    const startCheap = starter(cheap, 0.01)
    for (let n = 0; n < 4; n++) startCheap(n)
    await new Promise((resolve) => setTimeout(resolve, 10))
    cheap.length = 0
    const stopCheap = turnsOf(cheap)
    for (let n = 0; n < 20; n++) startCheap(n)
    await new Promise((resolve) => setTimeout(resolve, 10))
    stopCheap()
    const burst = cheap.slice(cheap.indexOf('r0'), cheap.indexOf('r19') + 1)
    assert.deepEqual(
      burst,
      Array.from({ length: 20 }, (_, n) => `r${n}`)
    )
  })

  test('a busy server still accepts new connections promptly', async ({ assert }) => {
    // Each request holds the loop 2 ms; 40 kept-alive clients keep it busy.
    const server: Server = createServer(
      startInTurns((_request, response: ServerResponse) => {
        busy(2)
        response.end('ok')
      })
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const sent = performance.now()
        request({ port, host: '127.0.0.1', path: '/' }, (response) => {
          response.resume()
          response.on('end', () => resolve(performance.now() - sent))
        })
          .on('error', reject)
          .end()
      })
    let loading = true
    const load = async () => {
      while (loading) await get()
    }
    const clients = Array.from({ length: 40 }, load)
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Without turns, a new connection waits for one whole round of the 40 clients (80 ms) per
    // connection queued before it: of 20 new ones at once, the last answers after ~1.6 s.
    const firsts = await Promise.all(Array.from({ length: 20 }, get))
    loading = false
    await Promise.all(clients)
    await new Promise<void>((resolve) => server.close(() => resolve()))
    assert.isBelow(Math.max(...firsts), 1000, `first answers took ${firsts.map(Math.round)}`)
  })
})
