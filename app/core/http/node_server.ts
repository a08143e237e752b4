import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { startInTurns } from '#core/http/request_turns'

/**
 * The Node.js HTTP server Bindery listens with. Requests Node itself rejects before AdonisJS sees
 * them (headers too large, malformed request lines) get the API's error shape instead of Node's
 * empty answer. Requests start in turns of the event loop (see request_turns.ts).
 */
export function createNodeServer(handler: (req: IncomingMessage, res: ServerResponse) => any) {
  const server = createServer(startInTurns(handler))
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
