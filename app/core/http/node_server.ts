import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { startInTurns } from '#core/http/request_turns'

/** Requests received and not yet handled to their end, answered or not (see requestsSettled). */
const unsettled = new Set<Promise<void>>()

/**
 * Resolves once every request received has been handled to its end, or after `timeoutMs`. The
 * app's termination waits for it before the providers close the database: closing the HTTP server
 * waits only for open connections, and a client that gave up (a timeout, a load generator's end)
 * leaves its request running with no connection, and a connection whose requests wait their turn
 * (request_turns.ts) has none started yet.
 */
export async function requestsSettled(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (unsettled.size > 0 && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all(unsettled),
      new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
    ])
    clearTimeout(timer)
  }
}

/**
 * The Node.js HTTP server Bindery listens with. Requests Node itself rejects before AdonisJS sees
 * them (headers too large, malformed request lines) get the API's error shape instead of Node's
 * empty answer. Requests start in turns of the event loop (see request_turns.ts), and are counted
 * until handled (requestsSettled).
 */
export function createNodeServer(handler: (req: IncomingMessage, res: ServerResponse) => any) {
  const start = startInTurns((req: IncomingMessage, res: ServerResponse, done: () => void) => {
    try {
      // Errors are the handler's to report; here only its end counts.
      Promise.resolve(handler(req, res)).then(done, done)
    } catch (error) {
      done()
      throw error
    }
  })
  const server = createServer((req, res) => {
    let done!: () => void
    const settled = new Promise<void>((resolve) => (done = resolve))
    unsettled.add(settled)
    void settled.then(() => unsettled.delete(settled))
    start(req, res, done)
  })
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400
    const message =
      status === 431
        ? 'Request headers are too large'
        : status === 408
          ? 'The request took too long to arrive'
          : 'Malformed HTTP request'
    const body = JSON.stringify({ error: { code: status, message } })
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body
    )
  })
  return server
}
