import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { createSite, okBody } from '#tests/helpers/sites'

const A_129 = 'a'.repeat(129)
/** 128 characters of two UTF-16 units each: within every 2..128 limit counted in characters. */
const EMOJI_128 = '📘'.repeat(128)
const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAA'

type BadRequest = [
  method: 'get' | 'post' | 'patch' | 'put',
  path: string,
  input: object,
  status: number,
  message: string,
]

/**
 * Bad input on every kind of sites request (paths below the site, `{section}` etc. filled in):
 * each answer in the error shape, naming what is wrong.
 */
const BAD: BadRequest[] = [
  ['get', '', { limit: 1001 }, 400, 'limit'],
  ['get', '', { limit: 'abc' }, 400, 'limit'],
  ['get', '', { published: 'maybe' }, 400, 'published'],
  ['get', '', { page: 'not-a-cursor' }, 400, 'page'],
  ['get', '/{site}/sections', { limit: 0 }, 400, 'limit'],
  ['get', '/{site}/sections', { page: 'eyJ4IjoxfQ' }, 400, 'page'],
  ['get', '/{site}/site-spaces', { shareKey: 'nope' }, 404, 'share link'],
  ['post', '', { title: 'a' }, 400, 'title'],
  ['post', '', { title: A_129 }, 400, 'title'],
  ['post', '', { title: 12 }, 400, 'title'],
  ['post', '', { visibility: 'secret' }, 400, 'visibility'],
  ['post', '', { type: 'gold' }, 400, 'type'],
  ['post', '', { spaces: 'all' }, 400, 'spaces'],
  ['post', '', { spaces: [1, 2] }, 400, 'spaces'],
  ['post', '', { title: null }, 400, 'title'],
  ['patch', '/{site}', { title: null }, 400, 'title'],
  ['patch', '/{site}', { basename: '' }, 400, 'basename'],
  ['patch', '/{site}', { basename: 'a/b' }, 400, 'basename'],
  ['patch', '/{site}', { basename: 'b'.repeat(101) }, 400, 'basename'],
  ['patch', '/{site}', { proxy: 'https://example.com/docs' }, 400, 'proxy'],
  ['patch', '/{site}', { proxy: 'example.com' }, 400, 'proxy'],
  ['patch', '/{site}', { hostname: 'localhost' }, 400, 'hostname'],
  ['patch', '/{site}', { adaptiveContent: { enabled: 'yes' } }, 400, 'adaptiveContent.enabled'],
  ['patch', '/{site}', { agentsContext: 'maybe' }, 400, 'agentsContext'],
  ['patch', '/{site}', { defaultLevel: 'read' }, 400, 'defaultLevel'],
  ['patch', '/{site}', { styleguide: 'x' }, 400, 'styleguide'],
  ['patch', '/{site}', { defaultSiteSpace: UNKNOWN }, 404, 'site space'],
  ['patch', '/{site}', { defaultSiteSection: UNKNOWN }, 404, 'site section'],
  ['post', '/{site}/sections', {}, 400, 'spaceId'],
  ['post', '/{site}/sections', { spaceId: '{space}', title: A_129 }, 400, 'title'],
  ['post', '/{site}/sections', { spaceId: '{space}', icon: 'i'.repeat(51) }, 400, 'icon'],
  ['post', '/{site}/sections', { spaceId: '{space}', siteSectionGroupId: UNKNOWN }, 404, 'group'],
  ['patch', '/{site}/sections/{section}', { path: '' }, 400, 'path'],
  ['patch', '/{site}/sections/{section}', { path: 'p'.repeat(101) }, 400, 'path'],
  ['patch', '/{site}/sections/{section}', { description: 'd'.repeat(257) }, 400, 'description'],
  ['patch', '/{site}/sections/{section}', { title: null }, 400, 'title'],
  ['patch', '/{site}/sections/{section}', { siteSectionGroupId: UNKNOWN }, 404, 'group'],
  ['patch', `/{site}/sections/${UNKNOWN}`, { title: 'Xy' }, 404, 'site section'],
  [
    'post',
    '/{site}/sections/{section}/move',
    { position: { before: { type: 'site-space', siteSection: 'x' } } },
    400,
    'position.before.type',
  ],
  ['post', '/{site}/section-groups', {}, 400, 'title'],
  ['post', '/{site}/section-groups', { title: 't'.repeat(101) }, 400, 'title'],
  ['post', '/{site}/section-groups', { title: 'G', sections: 'x' }, 400, 'sections'],
  ['post', `/{site}/section-groups/${UNKNOWN}/sections`, { sectionId: '{section}' }, 404, 'group'],
  ['post', '/{site}/site-spaces', { spaceId: 7 }, 400, 'spaceId'],
  ['patch', '/{site}/site-spaces/{siteSpace}', { hidden: 'yes' }, 400, 'hidden'],
  ['patch', '/{site}/site-spaces/{siteSpace}', { path: 'a b' }, 400, 'path'],
  ['patch', '/{site}/structure/sort', { item: { type: 'page', id: 'x' } }, 400, 'item.type'],
  ['patch', '/{site}/structure/sort', {}, 400, 'item'],
  ['post', '/{site}/share-links', {}, 400, 'name'],
  ['post', '/{site}/share-links', { name: 'n'.repeat(51) }, 400, 'name'],
  ['patch', `/{site}/share-links/${UNKNOWN}`, { active: false }, 404, 'share link'],
  ['put', '/{site}/adaptive-schema', {}, 400, 'jsonSchema'],
  ['patch', '/{site}/publishing/auth', {}, 400, 'backend'],
  [
    'patch',
    '/{site}/publishing/auth',
    { backend: 'custom', fallbackURL: 'not a url' },
    400,
    'fallbackURL',
  ],
]

test.group('Sites: bad input', (group) => {
  eachTestInTransaction(group)

  test('bad requests name the problem and change nothing', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, siteId, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    const section = okBody(
      await sites.post(`/${siteId}/sections`, { spaceId: spaceIds[1], title: 'API' })
    )
    const ids: Record<string, string> = {
      site: siteId,
      section: section.id,
      siteSpace: section.siteSpaces[0].id,
      space: spaceIds[0],
    }
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => ids[name])
    const before = await snapshot(siteId)
    for (const [method, path, input, status, message] of BAD) {
      const request = client[method](`${sites.base}${fill(path)}`).bearerToken(admin.token)
      const filled = JSON.parse(fill(JSON.stringify(input)))
      const response = await (method === 'get' ? request.qs(filled) : request.json(filled))
      assert.equal(response.status(), status, `${method} ${path} ${JSON.stringify(input)}`)
      assertAnswer(response, status, message)
    }
    assert.deepEqual(await snapshot(siteId), before)
  })

  test('limits count characters', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path } = await createSite(client, admin)
    assert.equal(okBody(await sites.patch(path, { title: EMOJI_128 })).title, EMOJI_128)
    assertAnswer(await sites.patch(path, { title: `${EMOJI_128}📘` }), 400, 'title')
    const link = okBody(await sites.post(`${path}/share-links`, { name: '🔗'.repeat(50) }))
    assert.equal([...link.name].length, 50)
  })

  test("malformed JSON and another organization's site", async ({ client }) => {
    const admin = await createCaller()
    const outsider = await createCaller()
    const { sites, path } = await createSite(client, admin)
    const malformed = await client
      .patch(`${sites.base}${path}`)
      .bearerToken(admin.token)
      .header('Content-Type', 'application/json')
      .json('{"title": ')
    assertAnswer(malformed, 400)
    // The outsider names the site under their own organization, or under the admin's.
    for (const base of [`/v1/orgs/${outsider.organizationId}/sites`, sites.base]) {
      assertAnswer(await client.get(`${base}${path}`).bearerToken(outsider.token), 404)
      assertAnswer(
        await client.patch(`${base}${path}`).bearerToken(outsider.token).json({ title: 'Mine' }),
        404
      )
    }
  })
})

/** Everything the site is made of, to compare before and after rejected requests. */
async function snapshot(siteId: string) {
  const tables = [
    'sites',
    'site_sections',
    'site_section_groups',
    'site_spaces',
    'site_share_links',
  ]
  const rows = []
  for (const table of tables) {
    const column = table === 'sites' ? 'id' : 'site_id'
    rows.push(await db.from(table).where(column, siteId).orderBy('id'))
  }
  return JSON.stringify(rows)
}
