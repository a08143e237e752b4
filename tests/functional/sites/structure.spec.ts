import { test } from '@japa/runner'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { createSite, createSpaces, okBody, type Sites } from '#tests/helpers/sites'

/** Titles of what a list or structure holds, in order. */
const titles = (items: any[]) => items.map((item) => item.title)

/**
 * The top level of a sectioned site as `[kind, title, [section titles of a group]]` rows.
 */
async function outline(sites: Sites, path: string) {
  const { type, structure } = okBody(await sites.get(`${path}/structure`))
  if (type !== 'sections') throw new Error(`Expected a structure of sections, got ${type}`)
  return structure.map((item: any) =>
    item.object === 'site-section-group' ? [item.title, titles(item.sections)] : item.title
  )
}

test.group('Sites: sections, groups and site spaces', (group) => {
  eachTestInTransaction(group)

  test('the first section takes the root spaces', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, site, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    const [sdk] = await createSpaces(client, admin, ['SDK'])
    const section = okBody(
      await sites.post(`${path}/sections`, {
        spaceId: sdk,
        title: 'SDK docs',
        icon: 'code',
      })
    )
    assert.containsSubset(section, {
      object: 'site-section',
      title: 'SDK docs',
      path: 'sdk-docs',
      icon: 'code',
      default: false,
    })
    assert.equal(section.urls.published, `${site.urls.published}/sdk-docs`)
    assert.deepEqual(titles(section.siteSpaces), ['SDK'])

    const sections = okBody(await sites.get(`${path}/sections`)).items
    assert.deepEqual(titles(sections), ['Docs', 'SDK docs'])
    assert.isTrue(sections[0].default)
    assert.equal(sections[0].urls.published, site.urls.published)
    assert.deepEqual(titles(sections[0].siteSpaces), ['Guides', 'API'])

    // Added without a section, a space goes to the default section.
    const added = okBody(await sites.post(`${path}/site-spaces`, { spaceId: spaceIds[1] }))
    assert.containsSubset(added, { section: sections[0].id, path: 'api-2', default: false })
    assert.equal(okBody(await sites.get(path)).siteSpaces, 4)
  })

  test('paths are unique in their parent (409)', async ({ client }) => {
    const admin = await createCaller()
    const { sites, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    const root = okBody(await sites.get(`${path}/site-spaces`)).items
    assertAnswer(await sites.patch(`${path}/site-spaces/${root[1].id}`, { path: 'guides' }), 409)
    assertAnswer(await sites.patch(`${path}/site-spaces/${root[1].id}`, { path: 'reference' }), 200)

    const section = okBody(
      await sites.post(`${path}/sections`, { spaceId: spaceIds[0], title: 'More' })
    )
    assertAnswer(await sites.patch(`${path}/sections/${section.id}`, { path: 'docs' }), 409)
    assertAnswer(await sites.patch(`${path}/sections/${section.id}`, { path: 'extra' }), 200)
    // The same space twice in one section gets a path of its own.
    const twice = okBody(
      await sites.post(`${path}/site-spaces`, { spaceId: spaceIds[0], sectionId: section.id })
    )
    assertAnswer(await sites.patch(`${path}/site-spaces/${twice.id}`, { path: 'guides' }), 409)
  })

  test('conditions: kept, replaced, removed, refused', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path, spaceIds } = await createSite(client, admin)
    const section = okBody(
      await sites.post(`${path}/sections`, { spaceId: spaceIds[0], title: 'Beta' })
    )
    const url = `${path}/sections/${section.id}`
    const steps: Array<[object, string | undefined]> = [
      [
        { condition: 'visitor.claims.unsigned.beta === true' },
        'visitor.claims.unsigned.beta === true',
      ],
      [{ title: 'Beta program' }, 'visitor.claims.unsigned.beta === true'],
      [
        { condition: 'visitor.claims.plan == "pro" || visitor.claims.roles.includes("admin")' },
        'visitor.claims.plan == "pro" || visitor.claims.roles.includes("admin")',
      ],
      [{ condition: null }, undefined],
    ]
    for (const [body, condition] of steps) {
      assert.equal(okBody(await sites.patch(url, body)).condition, condition, JSON.stringify(body))
    }
    for (const [condition, message] of [
      ['visitor.claims.', 'is not a valid expression'],
      ['process.exit(1)', 'calls a function'],
      ['process.env.SECRET', 'uses "process"'],
      ['visitor.claims.a = 1', 'not a valid expression'],
      ['visitor.constructor.constructor("x")()', 'calls a function'],
      ['!'.repeat(40) + 'visitor', 'nests deeper'],
      ['a'.repeat(1025), 'must not be greater than 1024'],
    ]) {
      assertAnswer(await sites.patch(url, { condition }), 400, message)
    }
    const siteSpace = okBody(
      await sites.patch(`${path}/site-spaces/${section.siteSpaces[0].id}`, {
        condition: 'visitor.claims.beta',
        hidden: true,
      })
    )
    assert.containsSubset(siteSpace, { condition: 'visitor.claims.beta', hidden: true })
  })

  test('deleting a default moves it to the next', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    const root = okBody(await sites.get(`${path}/site-spaces`)).items
    assertAnswer(await sites.delete(`${path}/site-spaces/${root[0].id}`), 205)
    const [left] = okBody(await sites.get(`${path}/site-spaces`)).items
    assert.containsSubset(left, { id: root[1].id, default: true })

    const second = okBody(
      await sites.post(`${path}/sections`, { spaceId: spaceIds[0], title: 'Second' })
    )
    const [first] = okBody(await sites.get(`${path}/sections`)).items
    assertAnswer(await sites.delete(`${path}/sections/${first.id}`), 205)
    const [now] = okBody(await sites.get(`${path}/sections`)).items
    assert.containsSubset(now, { id: second.id, default: true })
    assert.equal(okBody(await sites.get(path)).siteSpaces, 1)
  })

  test('defaults stay within their parent', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    const root = okBody(await sites.get(`${path}/site-spaces`)).items
    okBody(await sites.patch(path, { defaultSiteSpace: root[1].id }))
    const after = okBody(await sites.get(`${path}/site-spaces`, { default: true })).items
    assert.deepEqual(
      after.map((s: any) => s.id),
      [root[1].id]
    )

    const other = okBody(
      await sites.post(`${path}/sections`, { spaceId: spaceIds[0], title: 'Other' })
    )
    const foreignSiteSpace = other.siteSpaces[0].id
    assertAnswer(
      await sites.patch(path, { defaultSiteSpace: foreignSiteSpace }),
      400,
      'default section'
    )
    assertAnswer(
      await sites.patch(`${path}/sections/${other.id}`, { defaultSiteSpace: root[0].id }),
      400,
      'this section'
    )
    const site = okBody(await sites.patch(path, { defaultSiteSection: other.id }))
    assert.equal(
      site.urls.published,
      okBody(await sites.get(`${path}/sections`)).items[1].urls.published
    )
  })

  test('groups gather sections and give them back', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path, spaceIds } = await createSite(client, admin, ['Guides', 'API', 'SDK'])
    const add = async (title: string, spaceId: string) =>
      okBody(await sites.post(`${path}/sections`, { spaceId, title })).id
    const api = await add('API', spaceIds[1])
    const sdk = await add('SDK', spaceIds[2])
    const groupBody = okBody(
      await sites.post(`${path}/section-groups`, {
        title: 'Reference',
        icon: 'book',
        sections: [api, sdk],
      })
    )
    assert.containsSubset(groupBody, {
      object: 'site-section-group',
      title: 'Reference',
      icon: 'book',
    })
    assert.deepEqual(titles(groupBody.sections), ['API', 'SDK'])
    assert.deepEqual(await outline(sites, path), ['Docs', ['Reference', ['API', 'SDK']]])

    const groupPath = `${path}/section-groups/${groupBody.id}`
    assertAnswer(await sites.delete(`${groupPath}/sections/${api}`), 205)
    assertAnswer(await sites.delete(`${groupPath}/sections/${api}`), 404)
    assert.deepEqual(await outline(sites, path), ['Docs', ['Reference', ['SDK']], 'API'])
    assert.deepEqual(
      titles(okBody(await sites.post(`${groupPath}/sections`, { sectionId: api })).sections),
      ['SDK', 'API']
    )
    assert.equal(okBody(await sites.patch(groupPath, { title: 'APIs', icon: null })).title, 'APIs')
    assert.lengthOf(okBody(await sites.get(`${path}/section-groups`)).items, 1)

    assertAnswer(await sites.delete(groupPath), 205)
    assert.deepEqual(await outline(sites, path), ['Docs', 'SDK', 'API'])
  })

  test('moves and sorts stay among siblings', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path, spaceIds } = await createSite(client, admin, ['Guides', 'API', 'SDK'])
    const root = okBody(await sites.get(`${path}/site-spaces`)).items
    const moved = okBody(
      await sites.post(`${path}/site-spaces/${root[2].id}/move`, {
        position: { before: { type: 'site-space', siteSpace: root[0].id } },
      })
    )
    assert.equal(moved.id, root[2].id)
    assert.deepEqual(titles(okBody(await sites.get(`${path}/site-spaces`)).items), [
      'SDK',
      'Guides',
      'API',
    ])

    const a = okBody(
      await sites.post(`${path}/sections`, { spaceId: spaceIds[1], title: 'Alpha' })
    ).id
    const b = okBody(
      await sites.post(`${path}/sections`, { spaceId: spaceIds[2], title: 'Beta' })
    ).id
    const g = okBody(await sites.post(`${path}/section-groups`, { title: 'Group' })).id
    const docs = okBody(await sites.get(`${path}/sections`)).items[0].id
    const steps: Array<[string, object, unknown[]]> = [
      [
        `/sections/${b}/move`,
        { position: { before: { type: 'site-section', siteSection: a } } },
        ['Docs', 'Beta', 'Alpha', ['Group', []]],
      ],
      [
        `/section-groups/${g}/move`,
        { position: { after: { type: 'site-section', id: docs } } },
        ['Docs', ['Group', []], 'Beta', 'Alpha'],
      ],
      [`/sections/${a}/move`, {}, ['Docs', ['Group', []], 'Beta', 'Alpha']],
    ]
    for (const [url, body, rows] of steps) {
      assertAnswer(await sites.post(`${path}${url}`, body), 200)
      assert.deepEqual(await outline(sites, path), rows, url)
    }
    const sorted = await sites.patch(`${path}/structure/sort`, {
      item: { type: 'site-section', id: a },
      position: { before: { type: 'site-section-group', id: g } },
    })
    assert.equal(okBody(sorted).id, a)
    assert.deepEqual(await outline(sites, path), ['Docs', 'Alpha', ['Group', []], 'Beta'])

    for (const body of [
      {
        item: { type: 'site-section', id: a },
        position: { before: { type: 'site-space', id: root[0].id } },
      },
      {
        item: { type: 'site-section', id: a },
        position: { before: { type: 'site-section', id: a } },
      },
      {
        item: { type: 'site-section', id: a },
        position: {
          before: { type: 'site-section', id: b },
          after: { type: 'site-section', id: b },
        },
      },
    ]) {
      assertAnswer(await sites.patch(`${path}/structure/sort`, body), 400)
    }
  })

  test('foreign, deleted or unknown spaces: 404', async ({ client, assert }) => {
    const admin = await createCaller()
    const outsider = await createCaller()
    const [foreign] = await createSpaces(client, outsider, ['Theirs'])
    const { sites, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    for (const [url, body] of [
      ['', { spaces: [foreign] }],
      [`${path}/site-spaces`, { spaceId: foreign }],
      [`${path}/sections`, { spaceId: foreign }],
      [`${path}/site-spaces`, { spaceId: 'nope' }],
      [`${path}/site-spaces`, { spaceId: spaceIds[0], sectionId: 'AAAAAAAAAAAAAAAAAAAA' }],
      [`${path}/section-groups`, { title: 'G', sections: ['AAAAAAAAAAAAAAAAAAAA'] }],
    ] as const) {
      assertAnswer(await sites.post(url, body), 404)
    }
    assert.equal(okBody(await sites.get(path)).siteSpaces, 2)

    // A deleted space leaves the site; the next site space becomes the default.
    await client.delete(`/v1/spaces/${spaceIds[0]}`).bearerToken(admin.token)
    const left = okBody(await sites.get(`${path}/site-spaces`)).items
    assert.deepEqual(
      left.map((s: any) => [s.space.id, s.default]),
      [[spaceIds[1], true]]
    )
    assertAnswer(await sites.post(`${path}/site-spaces`, { spaceId: spaceIds[0] }), 404)
  })

  test('a published space has urls.published', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path, site, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    const publishedUrls = async () => {
      const urls = []
      for (const id of spaceIds) {
        const answer = await client.get(`/v1/spaces/${id}`).bearerToken(admin.token)
        answer.assertContract()
        urls.push(answer.body().urls.published)
      }
      return urls
    }
    assert.deepEqual(await publishedUrls(), [undefined, undefined])
    await sites.post(`${path}/publish`)
    assert.deepEqual(await publishedUrls(), [site.urls.published, `${site.urls.published}/api`])
  })
})
