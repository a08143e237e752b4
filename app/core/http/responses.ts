import type { Response } from '@adonisjs/core/http'

/**
 * 201 Created: the new record as the body, its `urls.location` in the Location header.
 */
export function created<T extends { urls: { location: string } }>(response: Response, record: T) {
  response.header('Location', record.urls.location).created(record)
}

/**
 * A JSON body already serialized (a cached or stored text): sent as it is, as `application/json`,
 * instead of being parsed and serialized again.
 */
export function sendJsonText(response: Response, text: string | Buffer) {
  response.header('Content-Type', 'application/json; charset=utf-8')
  response.send(text)
}

/**
 * A JSON body of plain data (a serializer's output), written with `JSON.stringify`: AdonisJS's own
 * serializer (safe-stable-stringify with a replacer, for cycles and bigints, which plain API records
 * do not hold) costs a few per cent of a small read's CPU.
 */
export function sendJson(response: Response, value: unknown) {
  sendJsonText(response, JSON.stringify(value))
}
