import { test } from '@japa/runner'
import { committedGroup, sendMalformedJson } from '#tests/helpers/fixtures_change_requests'
import { assertAnswer, assertTokenGuards } from '#tests/helpers/guards'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { okBody } from '#tests/helpers/sites'
import {
  page,
  PLAN_SCHEMA,
  publishedSite,
  Reader,
  visitorJwt,
} from '#tests/helpers/published_sites'

const PAGES = [
  page('home', 'Home', '# Home\n\nZebras everywhere.\n\n## Stripes\n\nZebra stripes.\n'),
  page('pro', 'Pro zebras', 'Zebra secrets for pro plans.\n', {
    condition: 'visitor.claims.plan == "pro"',
  }),
]

// Search reads full-text indexes, which see committed rows only on MySQL: these tests commit.
committedGroup('Published sites: search', (caller) => {
  test('readers search what they may see; hits link to the page and its section', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const { base, sites, path } = await publishedSite(client, PAGES, { admin })
    okBody(await sites.patch(path, { adaptiveContent: { enabled: true } }))
    okBody(await sites.put(`${path}/adaptive-schema`, { jsonSchema: PLAN_SCHEMA }))
    const { privateKey } = okBody(await sites.get(`${path}/publishing/auth`))

    const anonymous = new Reader(client)
    const found = await anonymous.get(`${base}/~search?q=zebra`)
    found.assertStatus(200)
    const html = found.text()
    assert.include(html, 'Results for “zebra”')
    assert.include(html, '1 page found')
    assert.include(html, `<a href="${base}">Home</a>`)
    assert.include(html, `href="${base}#stripes"`)
    assert.notInclude(html, 'Pro zebras')
    assert.include(await anonymous.text(`${base}/~search?q=nothingmatchesthis`), '0 pages found')

    const pro = new Reader(client)
    await pro.get(`${base}?jwt_token=${await visitorJwt(privateKey, { plan: 'pro' })}`)
    const proHits = await pro.text(`${base}/~search?q=zebra`)
    assert.include(proHits, 'Pro zebras')
    assert.include(proHits, `href="${base}/pro-zebras"`)
  })

  test('searchSiteContent: members search every site space in scope, through GitBook’s client too', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const { sites, path, siteId, spaceId } = await publishedSite(client, PAGES, { admin })
    const answer = await sites.post(`${path}/search?limit=10`, { query: 'zebra' })
    const body = okBody(answer)
    assert.equal(body.items.length, 1)
    assert.equal(body.items[0].type, 'space')
    assert.equal(body.items[0].id, spaceId)
    assert.sameMembers(
      body.items[0].pages.map((p: any) => p.title),
      ['Home', 'Pro zebras']
    )

    const siteSpaces = okBody(await sites.get(`${path}/site-spaces`)).items
    const scoped = okBody(
      await sites.post(`${path}/search`, {
        query: 'zebra',
        scope: { mode: 'specific', siteSpaceIds: [siteSpaces[0].id] },
      })
    )
    assert.equal(scoped.items.length, 1)
    const elsewhere = okBody(
      await sites.post(`${path}/search`, {
        query: 'zebra',
        scope: { mode: 'specific', siteSpaceIds: ['unknownsitespace0000'] },
      })
    )
    assert.deepEqual(elsewhere.items, [])

    assertAnswer(await sites.post(`${path}/search`, {}), 400)
    assertAnswer(await sites.post(`${path}/search`, { query: 'x'.repeat(513) }), 400)
    assertAnswer(await sites.post(`${path}/search?limit=1001`, { query: 'zebra' }), 400)
    assertAnswer(
      await sites.post(`${path}/search`, { query: 'zebra', scope: { mode: 'nowhere' } }),
      400
    )
    assertAnswer(
      await sendMalformedJson(
        client,
        admin,
        'post',
        `${sites.base}/${siteId}/search`,
        '{"query": '
      ),
      400
    )
    await assertTokenGuards(admin.user, [
      {
        send: () => client.post(`${sites.base}/${siteId}/search`).json({ query: 'zebra' }),
        scope: 'site:read',
      },
    ])
    const outsider = await caller()
    assertAnswer(
      await client
        .post(`${sites.base}/${siteId}/search`)
        .bearerToken(outsider.token)
        .json({ query: 'zebra' }),
      404
    )

    const { data } = await gitbookClient(admin.token).orgs.searchSiteContent(
      admin.organizationId,
      siteId,
      { query: 'stripes', scope: { mode: 'all' } }
    )
    assert.equal(data.items[0].id, spaceId)
  })
})
