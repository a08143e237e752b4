import { test } from '@japa/runner'
import { SignJWT } from 'jose'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { createSite, okBody } from '#tests/helpers/sites'

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'
const UNSIGNED = 'Unsigned claims of the site visitor.'

function adaptiveSchema(claims: object, unsigned: object = {}) {
  return {
    $schema: DRAFT_07,
    type: 'object',
    properties: {
      unsigned: {
        type: 'object',
        description: UNSIGNED,
        properties: unsigned,
        additionalProperties: false,
      },
      ...claims,
    },
    additionalProperties: false,
  }
}

/** GET /v1/urls/published as `caller`. */
function resolve(client: any, caller: Caller, url: string, visitorAuthToken?: string) {
  return client
    .get('/v1/urls/published')
    .bearerToken(caller.token)
    .qs(visitorAuthToken ? { url, visitorAuthToken } : { url })
}

function visitorToken(key: string, claims: object = {}) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(key))
}

test.group(
  'Sites: share links, visitor authentication, adaptive schema, published URLs',
  (group) => {
    eachTestInTransaction(group)

    test('share links open the site while active', async ({ client, assert }) => {
      const admin = await createCaller()
      const reader = await createCaller()
      const { sites, site, path } = await createSite(client, admin, ['Guides'], {
        visibility: 'share-link',
      })
      await sites.post(`${path}/publish`)
      const link = okBody(await sites.post(`${path}/share-links`, { name: 'Partners' }))
      assert.containsSubset(link, { object: 'share-link', name: 'Partners', active: true })
      const key = new URL(link.urls.published).searchParams.get('share')!
      assert.isAbove(key.length, 30)
      assert.equal(link.urls.published, `${site.urls.published}?share=${key}`)

      assertAnswer(await resolve(client, reader, site.urls.published), 404)
      const resolved = okBody(await resolve(client, reader, link.urls.published))
      assert.containsSubset(resolved, { site: site.id, shareKey: key, pathname: '' })

      const sections = okBody(await sites.get(`${path}/site-spaces`, { shareKey: key }))
      assert.equal(sections.items[0].urls.published, `${site.urls.published}?share=${key}`)

      const renamed = okBody(
        await sites.patch(`${path}/share-links/${link.id}`, { name: 'Old partners', active: false })
      )
      assert.containsSubset(renamed, { name: 'Old partners', active: false })
      assertAnswer(await resolve(client, reader, link.urls.published), 404)
      assertAnswer(await sites.get(`${path}/site-spaces`, { shareKey: key }), 404)
      assertAnswer(await sites.patch(`${path}/share-links/${link.id}`, {}), 400, 'at least one')

      okBody(await sites.patch(`${path}/share-links/${link.id}`, { active: true }))
      assertAnswer(await resolve(client, reader, link.urls.published), 200)
      assertAnswer(await sites.delete(`${path}/share-links/${link.id}`), 205)
      assertAnswer(await resolve(client, reader, link.urls.published), 404)
      assert.lengthOf(okBody(await sites.get(`${path}/share-links`)).items, 0)
    })

    test('visitor-auth needs a JWT of the current key', async ({ client, assert }) => {
      const admin = await createCaller()
      const reader = await createCaller()
      const { sites, site, path } = await createSite(client, admin, ['Guides'], {
        visibility: 'visitor-auth',
      })
      await sites.post(`${path}/publish`)
      const auth = okBody(await sites.get(`${path}/publishing/auth`))
      assert.containsSubset(auth, { object: 'publishing-auth', backend: 'custom' })
      const oldToken = await visitorToken(auth.privateKey, { plan: 'pro' })

      assertAnswer(await resolve(client, reader, site.urls.published), 404)
      assertAnswer(await resolve(client, reader, site.urls.published, 'not.a.jwt'), 404)
      assertAnswer(await resolve(client, reader, site.urls.published, oldToken), 200)
      // Members read every site of their organization.
      assertAnswer(await resolve(client, admin, site.urls.published), 200)

      const regenerated = okBody(await sites.post(`${path}/publishing/auth/regenerate`))
      assert.notEqual(regenerated.privateKey, auth.privateKey)
      assertAnswer(await resolve(client, reader, site.urls.published, oldToken), 404)
      const newToken = await visitorToken(regenerated.privateKey)
      assertAnswer(await resolve(client, reader, site.urls.published, newToken), 200)

      const updated = okBody(
        await sites.patch(`${path}/publishing/auth`, {
          backend: 'custom',
          fallbackURL: 'https://auth.example.com/login',
          logoutURL: 'https://auth.example.com/logout',
        })
      )
      assert.containsSubset(updated, {
        fallbackURL: 'https://auth.example.com/login',
        privateKey: regenerated.privateKey,
      })
      const cleared = okBody(
        await sites.patch(`${path}/publishing/auth`, { backend: 'custom', fallbackURL: null })
      )
      assert.notProperty(cleared, 'fallbackURL')
      assert.equal(cleared.logoutURL, 'https://auth.example.com/logout')
    })

    test('published URLs resolve every way', async ({ client, assert }) => {
      const admin = await createCaller()
      const reader = await createCaller()
      const { sites, site, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
      const section = okBody(
        await sites.post(`${path}/sections`, { spaceId: spaceIds[1], title: 'Reference' })
      )
      assertAnswer(await resolve(client, reader, site.urls.published), 404)
      await sites.post(`${path}/publish`)
      const [docs] = okBody(await sites.get(`${path}/sections`)).items
      const siteBase = new URL(site.urls.published).pathname

      for (const [url, expected] of [
        [
          site.urls.published,
          { siteSection: docs.id, space: spaceIds[0], pathname: '', basePath: `${siteBase}/` },
        ],
        [
          `${site.urls.published}/api/intro/setup`,
          {
            siteSection: docs.id,
            space: spaceIds[1],
            pathname: 'intro/setup',
            basePath: `${siteBase}/api/`,
          },
        ],
        [
          `${site.urls.published}/reference/page`,
          { siteSection: section.id, space: spaceIds[1], pathname: 'page' },
        ],
        [
          `${site.urls.published}/getting-started`,
          { siteSection: docs.id, space: spaceIds[0], pathname: 'getting-started' },
        ],
      ] as const) {
        const resolved = okBody(await resolve(client, reader, url))
        assert.containsSubset(
          resolved,
          {
            site: site.id,
            organization: admin.organizationId,
            complete: true,
            siteBasePath: `${siteBase}/`,
            ...expected,
          },
          url
        )
        assert.match(resolved.apiToken, /^gb_api_/)
      }

      okBody(await sites.patch(path, { basename: 'handbook' }))
      const byBasename = site.urls.published.replace(/[^/]+$/, 'handbook')
      assert.equal(okBody(await resolve(client, reader, `${byBasename}/api`)).space, spaceIds[1])
      okBody(await sites.patch(path, { hostname: 'docs.example.com' }))
      assert.equal(
        okBody(await resolve(client, reader, 'https://docs.example.com/reference')).siteSection,
        section.id
      )
      okBody(await sites.patch(path, { proxy: 'example.com/help/docs' }))
      const proxied = okBody(await resolve(client, reader, 'https://example.com/help/docs/api/x'))
      assert.containsSubset(proxied, {
        space: spaceIds[1],
        pathname: 'x',
        siteBasePath: '/help/docs/',
        basePath: '/help/docs/api/',
      })

      for (const url of [
        'https://elsewhere.example.com/',
        `${site.urls.published.replace(/sites\/.*/, 'sites/nobody/nothing')}`,
      ]) {
        assertAnswer(await resolve(client, reader, url), 404)
      }
      assertAnswer(await resolve(client, reader, 'not a url'), 400)
      // A malformed escape is a page path like any other, never a server error.
      assertAnswer(await resolve(client, reader, `${site.urls.published}/%E0%A4%A/x`), 200)
    })

    test('the adaptive schema and its conditions', async ({ client, assert }) => {
      const admin = await createCaller()
      const { sites, path } = await createSite(client, admin)
      const initial = okBody(await sites.get(`${path}/adaptive-schema`))
      assert.deepEqual(initial.jsonSchema, adaptiveSchema({}))
      assert.deepEqual(
        okBody(await sites.get(`${path}/adaptive-schema/template-conditions`)).items,
        []
      )

      const schema = adaptiveSchema(
        {
          isBetaUser: { type: 'boolean', description: 'Beta testers' },
          plan: { type: 'string', description: 'The plan' },
          account: {
            type: 'object',
            description: 'Account',
            properties: { 'is-admin': { type: 'boolean', description: 'Account admins' } },
            additionalProperties: false,
          },
        },
        { region: { type: 'boolean', description: 'In the EU' } }
      )
      const saved = okBody(await sites.put(`${path}/adaptive-schema`, { jsonSchema: schema }))
      assert.deepEqual(saved.jsonSchema, schema)
      assert.deepEqual(
        okBody(await sites.get(`${path}/adaptive-schema/template-conditions`)).items,
        [
          { description: 'In the EU', condition: 'visitor.claims.unsigned.region' },
          { description: 'Beta testers', condition: 'visitor.claims.isBetaUser' },
          { description: 'Account admins', condition: 'visitor.claims.account["is-admin"]' },
        ]
      )

      let deep: any = { type: 'boolean', description: 'leaf' }
      for (let i = 0; i < 40; i++)
        deep = {
          type: 'object',
          description: 'x',
          properties: { a: deep },
          additionalProperties: false,
        }
      for (const [jsonSchema, message] of [
        [{ ...schema, type: 'array' }, 'at /type'],
        [{ ...schema, additionalProperties: true }, 'at /additionalProperties'],
        [adaptiveSchema({ plan: { type: 'string' } }), 'at /properties/plan'],
        [adaptiveSchema({ plan: { type: 'date', description: 'x' } }), 'at /properties/plan'],
        [{ ...schema, pattern: '(a+)+' }, '"pattern"'],
        [{ ...schema, $schema: 'http://json-schema.org/draft-04/schema#' }, 'at /$schema'],
        [adaptiveSchema({ deep }), 'nests deeper'],
      ] as const) {
        assertAnswer(await sites.put(`${path}/adaptive-schema`, { jsonSchema }), 400, message)
      }
      assertAnswer(
        await sites.put(`${path}/adaptive-schema`, { jsonSchema: 'x' }),
        400,
        'jsonSchema'
      )
      assert.deepEqual(okBody(await sites.get(`${path}/adaptive-schema`)).jsonSchema, schema)
    })

    test('the published view hides hidden spaces', async ({ client, assert }) => {
      const admin = await createCaller()
      const { sites, site, path } = await createSite(client, admin, ['Guides', 'Internal'])
      const [, internal] = okBody(await sites.get(`${path}/site-spaces`)).items
      await sites.patch(`${path}/site-spaces/${internal.id}`, { hidden: true })
      const view = okBody(await sites.get(`${path}/published`))
      assert.equal(view.object, 'published-content-site')
      assert.equal(view.site.id, site.id)
      assert.deepEqual(
        view.structure.structure.map((s: any) => s.title),
        ['Guides']
      )
      assert.lengthOf(okBody(await sites.get(`${path}/structure`)).structure, 2)
    })
  }
)
