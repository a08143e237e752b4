import type { Response } from '@adonisjs/core/http'

/**
 * 201 Created: the new record as the body, its `urls.location` in the Location header.
 */
export function created<T extends { urls: { location: string } }>(response: Response, record: T) {
  response.header('Location', record.urls.location).created(record)
}
