import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import SpaceService from '#spaces/services/space_service'
import OrganizationService from '#organizations/services/organization_service'
import SiteService from '#sites/services/site_service'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { MATRIX, type MatrixRole, type Roster } from '../organizations/roster.js'
import { signedInRoster, type ConsoleVisitor, type FormMethod } from './console_visitor.js'

const FORBIDDEN = 'Only admins of this organization can change its sites'

/**
 * A site of `organizationId` created through the sites domain by its admin `userId`, publishing
 * `spaceIds`.
 */
async function createSite(userId: string, organizationId: string, spaceIds: string[] = []) {
  const user = await User.findOrFail(userId)
  const access = await new OrganizationService().accessFor(user, organizationId)
  const sites = await app.container.make(SiteService)
  const { site } = await sites.create(user, access, { title: 'Handbook', spaces: spaceIds })
  return site.id
}

async function createSpaces(roster: Roster, titles: string[]) {
  const spaces = await app.container.make(SpaceService)
  const ids: string[] = []
  for (const title of titles) {
    const { space } = await spaces.create(roster.admin.user, roster.organizationId, { title })
    ids.push(space.id)
  }
  return ids
}

/**
 * The console URLs of an organization's sites and of one site's forms.
 */
function urlsOf(organizationId: string, siteId = '') {
  const list = `/console/orgs/${organizationId}/sites`
  const site = `${list}/${siteId}`
  return { list, site, of: (rest: string) => `${site}/${rest}` }
}

async function rowOf(table: 'sites' | 'site_sections', id: string) {
  return db.from(table).where('id', id).first()
}

/**
 * A site's structure as the console shows it: titles of sections, and of groups with theirs.
 */
function shape(topLevel: any[]): any[] {
  return topLevel.map((item) =>
    item.type === 'group' ? [item.title, shape(item.sections)] : item.title
  )
}

/**
 * Submits each body and expects the page to show errors on each body's fields.
 */
async function assertFieldErrors(
  assert: { properties(value: object, keys: string[], message?: string): void },
  visitor: ConsoleVisitor,
  page: string,
  submissions: [method: FormMethod, url: string, body: Record<string, unknown>][]
) {
  for (const [method, url, body] of submissions) {
    await visitor.submit(method, url, body)
    const errors = await visitor.flashedErrors(page)
    assert.properties(errors, Object.keys(body), JSON.stringify(body))
  }
}

test.group('Console sites pages', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console', '@sites']))

  test('who may open the sites pages, and who gets the forms', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const [spaceId] = await createSpaces(roster, ['Guide'])
    const siteId = await createSite(roster.admin.user.id, roster.organizationId, [spaceId])
    const urls = urlsOf(roster.organizationId, siteId)
    const pages: Record<MatrixRole, [status: number, component: string, admin?: boolean]> = {
      admin: [200, 'sites/', true],
      create: [200, 'sites/', false],
      edit: [200, 'sites/', false],
      read: [200, 'sites/', false],
      guest: [403, 'errors/error'],
      outsider: [404, 'errors/not_found'],
    }
    for (const role of MATRIX) {
      const [status, component, admin] = pages[role]
      for (const [url, name] of [
        [urls.list, 'index'],
        [urls.site, 'show'],
      ]) {
        const page = await as[role].page(url)
        assert.equal(page.status, status, `${role} ${url}`)
        assert.equal(page.component, admin === undefined ? component : `${component}${name}`)
        if (admin === undefined) continue
        assert.equal(page.props.canCreate ?? page.props.canManage, admin, `${role} ${url}`)
        assert.isTrue(page.props.organization.permissions.listSites)
        assert.lengthOf(page.props.spaces, admin ? 1 : 0)
      }
    }
    const guestPage = await as.guest.page(urls.site)
    assert.equal(guestPage.props.message, 'Guests of this organization cannot read its sites')
    const guestOrganization = await as.guest.page(`/console/orgs/${roster.organizationId}`)
    assert.isFalse(guestOrganization.props.header.permissions.listSites)

    const list = await as.read.page(urls.list)
    const row = list.props.sites.find((site: any) => site.id === siteId)
    assert.containsSubset(row, {
      title: 'Handbook',
      visibility: 'public',
      published: false,
      siteSpaceCount: 1,
    })
    assert.match(row.publishedUrl, new RegExp(`/sites/[^/]+/${siteId}$`))

    const show = await as.read.page(urls.site)
    assert.equal(show.props.site.publishedUrl, row.publishedUrl)
    assert.isNull(show.props.shareLinks)
    assert.deepEqual(
      show.props.rootSiteSpaces.map((s: any) => [s.title, s.default]),
      [['Guide', true]]
    )
    assert.include(show.props.adaptiveSchema, '"unsigned"')

    // Another organization's site, an unknown id and a site under the wrong organization: 404.
    const foreignSite = await createSite(roster.outsider.user.id, roster.outsider.organizationId)
    for (const url of [
      urlsOf(roster.organizationId, foreignSite).site,
      urlsOf(roster.organizationId, 'NoSuchSite0000000000').site,
      urlsOf(roster.outsider.organizationId, siteId).site,
    ]) {
      assert.equal(await as.admin.status(url), 404, url)
      assert.equal(await as.outsider.status(url), 404, url)
    }
    assert.equal(
      await as.admin.submitStatus('PATCH', urlsOf(roster.organizationId, foreignSite).site, {
        title: 'Mine',
      }),
      404
    )
  })

  test('admins create sites with the spaces they publish; others are refused', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const [guide, api] = await createSpaces(roster, ['Guide', 'API'])
    const urls = urlsOf(roster.organizationId)
    const countSites = async () => {
      const [row] = await db
        .from('sites')
        .where('organization_id', roster.organizationId)
        .count('* as n')
      return Number(row.n)
    }
    const before = await countSites()

    for (const role of ['create', 'edit', 'read'] as const) {
      await as[role].submit('POST', urls.list, { title: 'Mine' })
      assert.equal(await as[role].flashedError(urls.list, 'E_FORBIDDEN'), FORBIDDEN, role)
    }
    assert.equal(await as.outsider.submitStatus('POST', urls.list, { title: 'Mine' }), 404)
    await as.admin.page(urls.list)
    await assertFieldErrors(assert, as.admin, urls.list, [
      ['POST', urls.list, { title: '' }],
      ['POST', urls.list, { title: 'x'.repeat(129) }],
      ['POST', urls.list, { visibility: 'secret' }],
      ['POST', urls.list, { spaces: 'lots' }],
    ])
    assert.equal(await countSites(), before)

    const created = await as.admin.submit('POST', urls.list, {
      title: 'Docs',
      visibility: 'unlisted',
      spaces: [guide, api],
    })
    assert.equal(created.status, 302)
    const siteId = created.location.split('/').pop()!
    assert.equal(created.location, urlsOf(roster.organizationId, siteId).site)
    const { notice, page } = await as.admin.flashed(created.location)
    assert.equal(notice, 'Site Docs created.')
    assert.containsSubset(page.props.site, {
      title: 'Docs',
      visibility: 'unlisted',
      siteSpaceCount: 2,
    })
    assert.deepEqual(
      page.props.rootSiteSpaces.map((s: any) => s.title),
      ['Guide', 'API']
    )
    assert.equal(await countSites(), before + 1)
  })

  test('settings, defaults, publishing and deletion', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const siteId = await createSite(roster.admin.user.id, roster.organizationId)
    const [guide] = await createSpaces(roster, ['Guide'])
    const urls = urlsOf(roster.organizationId, siteId)

    for (const [url, method] of [
      [urls.site, 'PATCH'],
      [urls.of('publish'), 'POST'],
      [urls.site, 'DELETE'],
    ] as const) {
      await as.read.submit(method, url, { title: 'Mine' })
      assert.equal(await as.read.flashedError(urls.site, 'E_FORBIDDEN'), FORBIDDEN, url)
    }

    await as.admin.page(urls.site)
    await assertFieldErrors(assert, as.admin, urls.site, [
      ['PATCH', urls.site, { title: 'x' }],
      ['PATCH', urls.site, { visibility: 'secret' }],
      ['PATCH', urls.site, { basename: 'with space' }],
    ])
    const saved = await as.admin.submit('PATCH', urls.site, {
      title: 'Manual',
      visibility: 'share-link',
      basename: 'manual',
      defaultSiteSection: '',
      defaultSiteSpace: '',
    })
    assert.equal(saved.status, 303)
    assert.containsSubset(await rowOf('sites', siteId), {
      title: 'Manual',
      visibility: 'share-link',
      basename: 'manual',
    })
    const page = await as.admin.page(urls.site)
    assert.match(page.props.site.publishedUrl, /\/manual$/)

    // A site without a space is not published: the service's 400 is shown.
    await as.admin.submit('POST', urls.of('publish'))
    assert.include(
      await as.admin.flashedError(urls.site, 'E_BAD_REQUEST'),
      'The site publishes no space yet'
    )
    await as.admin.submit('POST', urls.of('site-spaces'), { spaceId: guide })
    for (const [action, published] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      assert.equal(await as.admin.submitStatus('POST', urls.of(action)), 302)
      const { props } = await as.admin.page(urls.site)
      assert.equal(props.site.published, published, action)
    }

    const deleted = await as.admin.submit('DELETE', urls.site)
    assert.equal(deleted.status, 303)
    assert.equal(deleted.location, urls.list)
    assert.equal(await as.admin.notice(urls.list), 'Site Manual deleted.')
    assert.equal(await as.admin.status(urls.site), 404)
  })

  test('site spaces, sections, groups, conditions and their order', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const [guide, api, blog] = await createSpaces(roster, ['Guide', 'API', 'Blog'])
    const siteId = await createSite(roster.admin.user.id, roster.organizationId, [guide])
    const urls = urlsOf(roster.organizationId, siteId)
    const structure = async () => {
      const { props } = await as.admin.page(urls.site)
      return props
    }
    const topLevel = async () => {
      const props = await structure()
      return shape(props.topLevel)
    }
    const sectionId = async (title: string) => {
      const row = await db.from('site_sections').where({ site_id: siteId, title }).first()
      return row.id as string
    }

    await as.read.submit('POST', urls.of('sections'), { spaceId: api })
    assert.equal(await as.read.flashedError(urls.site, 'E_FORBIDDEN'), FORBIDDEN)

    // The root's site spaces move into a first section, named after the site.
    await as.admin.page(urls.site)
    for (const spaceId of [api, blog]) {
      assert.equal(await as.admin.submitStatus('POST', urls.of('sections'), { spaceId }), 302)
    }
    assert.deepEqual(await topLevel(), ['Handbook', 'API', 'Blog'])
    const [guideSection, apiSection, blogSection] = await Promise.all(
      ['Handbook', 'API', 'Blog'].map(sectionId)
    )
    const section = (id: string) => urls.of(`sections/${id}`)

    await assertFieldErrors(assert, as.admin, urls.site, [
      ['PATCH', section(apiSection), { condition: 'process.exit()' }],
      ['PATCH', section(apiSection), { path: 'a/b' }],
      ['PATCH', section(apiSection), { title: '' }],
      ['POST', urls.of('section-groups'), { title: '' }],
    ])
    const conditionErrors = await as.admin.submit('PATCH', section(apiSection), {
      condition: 'window.location',
    })
    assert.equal(conditionErrors.status, 303)
    const { condition } = await as.admin.flashedErrors(urls.site)
    assert.include(condition, 'window')

    const changes: [Record<string, string>, Record<string, unknown>][] = [
      [
        { title: 'Reference', path: 'reference' },
        { title: 'Reference', path: 'reference' },
      ],
      [
        { condition: 'visitor.claims.plan === "pro"' },
        { condition: 'visitor.claims.plan === "pro"' },
      ],
      [{ condition: '' }, { condition: null }],
    ]
    for (const [body, stored] of changes) {
      assert.equal(await as.admin.submitStatus('PATCH', section(apiSection), body), 303)
      const row = await db.from('site_sections').where('id', apiSection).first()
      assert.containsSubset(row, stored, JSON.stringify(body))
    }

    // Groups: created, renamed; a section goes in and out; the order moves up and down.
    await as.admin.submit('POST', urls.of('section-groups'), { title: 'More' })
    const { id: groupId } = await db.from('site_section_groups').where('site_id', siteId).first()
    const groupUrl = urls.of(`section-groups/${groupId}`)
    await as.admin.submit('PATCH', groupUrl, { title: 'Extras' })
    await as.admin.submit('PATCH', section(blogSection), { siteSectionGroupId: groupId })
    assert.deepEqual(await topLevel(), ['Handbook', 'Reference', ['Extras', ['Blog']]])
    const moves: [type: string, id: string, direction: string, expected: any[]][] = [
      ['site-section-group', groupId, 'up', ['Handbook', ['Extras', ['Blog']], 'Reference']],
      ['site-section', guideSection, 'down', [['Extras', ['Blog']], 'Handbook', 'Reference']],
      ['site-section', apiSection, 'down', [['Extras', ['Blog']], 'Handbook', 'Reference']],
      ['site-section', blogSection, 'up', [['Extras', ['Blog']], 'Handbook', 'Reference']],
    ]
    for (const [type, id, direction, expected] of moves) {
      await as.admin.submit('POST', urls.of('structure/sort'), { type, id, direction })
      assert.deepEqual(await topLevel(), expected, `${type} ${direction}`)
    }
    await assertFieldErrors(assert, as.admin, urls.site, [
      ['POST', urls.of('structure/sort'), { type: 'site-space', direction: 'left' }],
    ])
    await as.admin.submit('PATCH', section(blogSection), { siteSectionGroupId: '' })
    assert.deepEqual(await topLevel(), [['Extras', []], 'Handbook', 'Reference', 'Blog'])

    // The default section, then a site space added to it and removed.
    await as.admin.submit('PATCH', urls.site, { defaultSiteSection: blogSection })
    const { default_site_section_id: defaultSection } = await rowOf('sites', siteId)
    assert.equal(defaultSection, blogSection)
    await as.admin.submit('POST', urls.of('site-spaces'), { spaceId: guide })
    const { topLevel: items } = await structure()
    const blogItem = items.find((item: any) => item.id === blogSection)
    assert.deepEqual(
      blogItem.siteSpaces.map((s: any) => [s.title, s.default]),
      [
        ['Blog', true],
        ['Guide', false],
      ]
    )
    await as.admin.submit('PATCH', urls.site, { defaultSiteSpace: blogItem.siteSpaces[1].id })
    const { default_site_space_id: defaultSpace } = await rowOf('site_sections', blogSection)
    assert.equal(defaultSpace, blogItem.siteSpaces[1].id)
    await as.admin.submit('DELETE', urls.of(`site-spaces/${blogItem.siteSpaces[1].id}`))
    await as.admin.submit('DELETE', groupUrl)
    await as.admin.submit('DELETE', section(guideSection))
    assert.deepEqual(await topLevel(), ['Reference', 'Blog'])
    const { site } = await structure()
    assert.equal(site.siteSpaceCount, 2)
  })

  test('share links and the adaptive schema', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const siteId = await createSite(roster.admin.user.id, roster.organizationId)
    const urls = urlsOf(roster.organizationId, siteId)
    const links = async () => {
      const { props } = await as.admin.page(urls.site)
      return props.shareLinks
    }

    for (const [method, url, body] of [
      ['POST', urls.of('share-links'), { name: 'Mine' }],
      ['PUT', urls.of('adaptive-schema'), { jsonSchema: '{}' }],
    ] as const) {
      await as.read.submit(method, url, body)
      assert.equal(await as.read.flashedError(urls.site, 'E_FORBIDDEN'), FORBIDDEN, url)
    }

    await as.admin.page(urls.site)
    await assertFieldErrors(assert, as.admin, urls.site, [
      ['POST', urls.of('share-links'), { name: '' }],
      ['PUT', urls.of('adaptive-schema'), { jsonSchema: '{not json' }],
      ['PUT', urls.of('adaptive-schema'), { jsonSchema: '{"type": "object"}' }],
    ])
    await as.admin.submit('PUT', urls.of('adaptive-schema'), { jsonSchema: '[1, 2]' })
    const { jsonSchema } = await as.admin.flashedErrors(urls.site)
    assert.match(jsonSchema, /jsonSchema|shape|top/)

    await as.admin.submit('POST', urls.of('share-links'), { name: 'Partners' })
    const [link] = await links()
    assert.containsSubset(link, { name: 'Partners', active: true })
    assert.match(link.url, /\?share=[\w-]+$/)
    const linkUrl = urls.of(`share-links/${link.id}`)
    await assertFieldErrors(assert, as.admin, urls.site, [['PATCH', linkUrl, { active: 'no' }]])
    for (const active of [false, true]) {
      await as.admin.submit('PATCH', linkUrl, { active })
      const [changed] = await links()
      assert.equal(changed.active, active)
    }
    assert.equal(await as.admin.submitStatus('DELETE', linkUrl), 303)
    assert.deepEqual(await links(), [])
    assert.equal(await as.admin.submitStatus('DELETE', linkUrl), 404)

    const schema = {
      type: 'object',
      properties: { plan: { type: 'string', description: 'Plan of the visitor' } },
      additionalProperties: false,
    }
    const saved = await as.admin.submit('PUT', urls.of('adaptive-schema'), {
      jsonSchema: JSON.stringify(schema),
    })
    assert.equal(saved.status, 303)
    const { adaptive_schema: stored } = await rowOf('sites', siteId)
    assert.deepEqual(JSON.parse(stored), schema)
    const page = await as.read.page(urls.site)
    assert.deepEqual(JSON.parse(page.props.adaptiveSchema), schema)
  })
})
