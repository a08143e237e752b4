import type { ApiClient } from '@japa/api-client'

/**
 * The API as one caller sees it: each method sends its request with the caller's token (and a JSON
 * body when given), so one step of a test is one line: `await as.patch(url, { title: 'X' })`.
 * The request is returned unsent, to await (or to add to) as Japa's own.
 */
export function apiAs(client: ApiClient, caller: { token: string }) {
  const send = (method: 'post' | 'put' | 'patch' | 'delete') => (url: string, json?: unknown) => {
    const request = client[method](url).bearerToken(caller.token)
    return json === undefined ? request : request.json(json as object)
  }
  return {
    get: (url: string, qs?: Record<string, unknown>) => {
      const request = client.get(url).bearerToken(caller.token)
      return qs === undefined ? request : request.qs(qs)
    },
    post: send('post'),
    put: send('put'),
    patch: send('patch'),
    delete: send('delete'),
  }
}
