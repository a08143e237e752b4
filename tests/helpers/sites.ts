import type { ApiClient } from '@japa/api-client'
import type { Caller } from '#tests/helpers/callers'

/**
 * Requests of one caller against the sites of their organization: `site(path)` is below
 * /v1/orgs/{organizationId}/sites.
 */
export function sitesOf(client: ApiClient, caller: Caller) {
  const base = `/v1/orgs/${caller.organizationId}/sites`
  const send = (
    method: 'get' | 'post' | 'patch' | 'put' | 'delete',
    path: string,
    body?: object
  ) => {
    const request = client[method](`${base}${path}`).bearerToken(caller.token)
    return body === undefined ? request : request.json(body)
  }
  return {
    base,
    get: (path = '', qs?: Record<string, unknown>) => send('get', path).qs(qs ?? {}),
    post: (path: string, body: object = {}) => send('post', path, body),
    patch: (path: string, body: object) => send('patch', path, body),
    put: (path: string, body: object) => send('put', path, body),
    delete: (path: string) => send('delete', path),
  }
}

export type Sites = ReturnType<typeof sitesOf>

/**
 * Spaces of the caller's organization, created through the API; returns their ids in order.
 */
export async function createSpaces(client: ApiClient, caller: Caller, titles: string[]) {
  const ids: string[] = []
  for (const title of titles) {
    const response = await client
      .post(`/v1/orgs/${caller.organizationId}/spaces`)
      .bearerToken(caller.token)
      .json({ title })
    response.assertStatus(201)
    ids.push(response.body().id)
  }
  return ids
}

/**
 * A site publishing new spaces with these titles; returns the site and the space ids.
 */
export async function createSite(
  client: ApiClient,
  caller: Caller,
  spaceTitles: string[] = ['Guides'],
  body: object = {}
) {
  const spaceIds = await createSpaces(client, caller, spaceTitles)
  const sites = sitesOf(client, caller)
  const response = await sites.post('', { title: 'Docs', spaces: spaceIds, ...body })
  response.assertStatus(201)
  response.assertContract()
  const site = response.body()
  return { sites, site, siteId: site.id as string, spaceIds, path: `/${site.id}` }
}

/**
 * The body of a successful answer, its contract checked (an error answer fails with its body).
 */
export function okBody(answer: any) {
  if (answer.status() >= 400) {
    throw new Error(`Unexpected ${answer.status()}: ${JSON.stringify(answer.body())}`)
  }
  answer.assertContract()
  return answer.body()
}
