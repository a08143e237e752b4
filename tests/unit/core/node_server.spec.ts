import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import { createNodeServer, requestsSettled } from '#core/http/node_server'

/** Sends a GET to `server` and gives up (closes the socket) once it is sent. */
function sendAndGiveUp(port: number) {
  return new Promise<void>((resolve) => {
    const sent = request({ port, path: '/slow' })
    sent.on('error', () => {})
    sent.end(() => {
      setTimeout(() => {
        sent.destroy()
        resolve()
      }, 20)
    })
  })
}

test.group('The HTTP server counts requests until they are handled', () => {
  test('a request whose client gave up is waited for; a stuck one only until the timeout', async ({
    assert,
    cleanup,
  }) => {
    const events: string[] = []
    let finish!: () => void
    const gate = new Promise<void>((resolve) => (finish = resolve))
    const server = createNodeServer(async (_req, res) => {
      events.push('started')
      await gate
      events.push('handled')
      res.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const { port } = server.address() as AddressInfo

    await sendAndGiveUp(port)
    // The connection is gone: closing the server would not wait for the request.
    assert.deepEqual(events, ['started'])
    const settled = requestsSettled(5_000).then(() => events.push('settled'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.deepEqual(events, ['started'])
    finish()
    await settled
    assert.deepEqual(events, ['started', 'handled', 'settled'])

    // A handler that never ends holds the wait only until its timeout.
    let release!: () => void
    const stuck = createNodeServer(() => new Promise<void>((resolve) => (release = resolve)))
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve))
    cleanup(() => {
      // Ends it, or the suite's own termination would wait for it.
      release()
      stuck.closeAllConnections()
      return new Promise<void>((resolve) => stuck.close(() => resolve()))
    })
    await sendAndGiveUp((stuck.address() as AddressInfo).port)
    const started = performance.now()
    await requestsSettled(200)
    assert.isAtLeast(performance.now() - started, 150)
  })
})
