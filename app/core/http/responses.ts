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
