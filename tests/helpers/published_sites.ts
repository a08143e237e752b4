import type { ApiClient } from '@japa/api-client'
import { SignJWT } from 'jose'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { authorAndMerge } from '#tests/functional/change_requests/merge_helpers'
import { createSite, okBody } from '#tests/helpers/sites'

export { authorAndMerge }

/** The path of an absolute URL (what a browser on this server asks for). */
export function pathOf(url: string): string {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

/**
 * A site publishing one space whose content was authored through a change request and merged;
 * `pages` are insert_page changes (refs name them). Published unless `published: false`.
 */
export async function publishedSite(
  client: ApiClient,
  changes: Record<string, unknown>[],
  options: { site?: object; published?: boolean; admin?: Caller; spaceTitles?: string[] } = {}
) {
  const admin = options.admin ?? (await createCaller())
  const { sites, siteId, spaceIds, path } = await createSite(
    client,
    admin,
    options.spaceTitles ?? ['Guides'],
    options.site ?? {}
  )
  const spaceId = spaceIds[0]
  const refs = await authorAndMerge(client, admin, spaceId, changes)
  if (options.published !== false) okBody(await sites.post(`${path}/publish`))
  const site = okBody(await sites.get(path))
  return {
    admin,
    sites,
    site,
    siteId,
    spaceId,
    spaceIds,
    path,
    refs,
    base: pathOf(site.urls.published),
  }
}

/** An adaptive schema with a signed `plan` claim (string) and an unsigned `beta` claim (boolean). */
export const PLAN_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    plan: { type: 'string', description: 'The plan' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { beta: { type: 'boolean', description: 'In the beta' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
}

export const page = (ref: string, title: string, markdown: string, fields: object = {}) => ({
  operation: 'insert_page',
  ref,
  title,
  document: { markdown },
  ...fields,
})

export function visitorJwt(key: string, claims: object = {}, expires: string | number = '1h') {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(new TextEncoder().encode(key))
}

/**
 * A browser without JavaScript: keeps the cookies the server sets, follows nothing by itself.
 */
export class Reader {
  cookies = new Map<string, string>()

  constructor(
    private client: ApiClient,
    private headers: Record<string, string> = {}
  ) {}

  async get(path: string, headers: Record<string, string> = {}) {
    let request = this.client.get(path).redirects(0)
    for (const [name, value] of Object.entries({ ...this.headers, ...headers })) {
      request = request.header(name, value)
    }
    // Into the client's own cookie jar: it writes the Cookie header (values as sent, encoded again).
    for (const [name, value] of this.cookies) {
      request.cookiesJar[name] = { name, value: decodeURIComponent(value) }
    }
    const response = await request
    const setCookies = response.headers()['set-cookie'] as string[] | string | undefined
    for (const line of [setCookies ?? []].flat()) {
      const [pair, ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some(
        (a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim())
      )
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** GET that must answer `status`; the answer. */
  async expect(path: string, status: number, headers: Record<string, string> = {}) {
    const response = await this.get(path, headers)
    response.assertStatus(status)
    return response
  }

  /** The text of a GET's answer. */
  async text(path: string) {
    const response = await this.get(path)
    return response.text()
  }

  /** GET, following redirects on this server (at most 5); the last answer. */
  async follow(path: string) {
    let response = await this.get(path)
    for (let hops = 0; hops < 5 && [301, 302, 303, 307].includes(response.status()); hops++) {
      response = await this.get(
        pathOf(new URL(response.header('location')!, 'http://x').toString())
      )
    }
    return response
  }
}
