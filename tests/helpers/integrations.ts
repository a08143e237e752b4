import type { ApiClient } from '@japa/api-client'
import type { Caller } from '#tests/helpers/callers'
import { newId } from '#core/ids'

/** A 1×1 PNG, base64: the smallest valid icon or preview image. */
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/** A fresh, unique integration name. */
export function integrationName(prefix = 'integration') {
  return `${prefix}-${newId(8).toLowerCase()}`
}

/** A valid publish body for the caller's organization; `fields` override or add. */
export function publishBody(caller: Caller, fields: Record<string, unknown> = {}) {
  return {
    title: 'Analytics',
    description: 'Counts page views',
    script: 'export default { events: {} }',
    organization: caller.organizationId,
    scopes: ['space:content:read'],
    ...fields,
  }
}

/**
 * Requests of one caller against the integrations API (`/v1` + path), with the caller's token.
 */
export function integrationsOf(client: ApiClient, caller: Caller) {
  const send = (method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object) => {
    const request = client[method](`/v1${path}`).bearerToken(caller.token)
    return body === undefined ? request : request.json(body)
  }
  return {
    get: (path: string, qs?: Record<string, unknown>) => send('get', path).qs(qs ?? {}),
    post: (path: string, body: object = {}) => send('post', path, body),
    patch: (path: string, body: object) => send('patch', path, body),
    delete: (path: string) => send('delete', path),
    /** Publishes `name` for the caller's organization: the Integration record. */
    async publish(name: string, fields: Record<string, unknown> = {}) {
      const response = await send('post', `/integrations/${name}`, publishBody(caller, fields))
      response.assertStatus(200)
      return response.body()
    },
    /** Installs `name` in the organization: the IntegrationInstallation record. */
    async install(name: string, organization = caller.organizationId) {
      const response = await send('post', `/integrations/${name}/installations`, { organization })
      response.assertStatus(201)
      return response.body()
    },
  }
}
