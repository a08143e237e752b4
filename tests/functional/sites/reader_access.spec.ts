import { test } from '@japa/runner'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { okBody } from '#tests/helpers/sites'
import {
  authorAndMerge,
  page,
  PLAN_SCHEMA,
  pathOf,
  publishedSite,
  Reader,
  visitorJwt,
} from '#tests/helpers/published_sites'

const PAGES = [page('home', 'Home', '# Home\n\nWelcome.\n'), page('more', 'More', 'More.\n')]

test.group('Published sites: who may read them', (group) => {
  eachTestInTransaction(group)

  test('share-link sites: only with an active link, kept in an HttpOnly cookie; deactivated or deleted links stop at once', async ({
    client,
    assert,
  }) => {
    const { base, sites, path } = await publishedSite(client, PAGES, {
      site: { visibility: 'share-link' },
    })
    const stranger = new Reader(client)
    await stranger.expect(base, 404)
    await stranger.expect(`${base}?share=not-a-key`, 404)
    await stranger.expect(`${base}/more.md`, 404)

    const link = okBody(await sites.post(`${path}/share-links`, { name: 'Partners' }))
    const reader = new Reader(client)
    const arrival = await reader.get(pathOf(link.urls.published))
    arrival.assertStatus(302)
    assert.equal(arrival.header('location'), base)
    const cookie = [arrival.headers()['set-cookie']].flat().join('\n')
    assert.match(cookie, /bindery_share=[^;]+;.*HttpOnly/i)
    assert.match(cookie, /SameSite=Lax/i)
    const home = await reader.get(base)
    home.assertStatus(200)
    assert.equal(home.header('cache-control'), 'private, no-cache')
    assert.equal(home.header('x-robots-tag'), 'noindex')
    await reader.expect(`${base}/more`, 200)
    await reader.expect(`${base}/sitemap.xml`, 404)

    okBody(await sites.patch(`${path}/share-links/${link.id}`, { active: false }))
    await reader.expect(`${base}/more`, 404)
    await new Reader(client).expect(pathOf(link.urls.published), 404)

    okBody(await sites.patch(`${path}/share-links/${link.id}`, { active: true }))
    const again = new Reader(client)
    await again.get(pathOf(link.urls.published))
    await again.expect(base, 200)
    const deleted = await sites.delete(`${path}/share-links/${link.id}`)
    deleted.assertStatus(205)
    await again.expect(base, 404)
  })

  test('visitor-auth sites: a JWT signed with the site key, kept in a cookie; missing, expired, wrongly signed or from a regenerated key is refused', async ({
    client,
    assert,
  }) => {
    const { base, sites, path } = await publishedSite(client, PAGES, {
      site: { visibility: 'visitor-auth' },
    })
    const { privateKey } = okBody(await sites.get(`${path}/publishing/auth`))

    const anonymous = await new Reader(client).get(`${base}/more`)
    anonymous.assertStatus(401)
    assert.include(anonymous.text(), 'Sign-in required')

    const reader = new Reader(client)
    const arrival = await reader.get(`${base}/more?jwt_token=${await visitorJwt(privateKey)}`)
    arrival.assertStatus(302)
    assert.equal(arrival.header('location'), `${base}/more`)
    assert.match([arrival.headers()['set-cookie']].flat().join('\n'), /bindery_visitor=.*HttpOnly/i)
    const read = await reader.get(`${base}/more`)
    read.assertStatus(200)
    assert.equal(read.header('cache-control'), 'private, no-cache')

    const expired = await visitorJwt(privateKey, {}, Math.floor(Date.now() / 1000) - 60)
    await new Reader(client).expect(`${base}?jwt_token=${expired}`, 401)
    const forged = await visitorJwt('not-the-site-key-at-all-0123456789abcdef')
    await new Reader(client).expect(`${base}?jwt_token=${forged}`, 401)

    // A fallback URL takes refused visitors to the login page, saying where they were going.
    okBody(
      await sites.patch(`${path}/publishing/auth`, {
        backend: 'custom',
        fallbackURL: 'https://login.example.com/start',
      })
    )
    const redirected = await new Reader(client).get(`${base}/more`)
    redirected.assertStatus(302)
    const target = new URL(redirected.header('location')!)
    assert.equal(target.origin + target.pathname, 'https://login.example.com/start')
    assert.equal(target.searchParams.get('location'), `${base}/more`)

    // A new key ends every session signed with the old one.
    okBody(await sites.post(`${path}/publishing/auth/regenerate`))
    await reader.expect(`${base}/more`, 302)
  })

  test('conditions decide per visitor: site spaces and pages in navigation, pages and sitemap', async ({
    client,
    assert,
  }) => {
    const { base, sites, path, site, spaceIds, admin } = await publishedSite(
      client,
      [
        ...PAGES,
        page('pro', 'Pro features', 'For pro plans only.\n', {
          condition: 'visitor.claims.plan == "pro"',
        }),
      ],
      { spaceTitles: ['Guides', 'Beta'] }
    )
    await authorAndMerge(client, admin, spaceIds[1], [page('news', 'Beta news', 'Soon.\n')])
    okBody(await sites.patch(path, { adaptiveContent: { enabled: true } }))
    okBody(await sites.put(`${path}/adaptive-schema`, { jsonSchema: PLAN_SCHEMA }))
    const { privateKey } = okBody(await sites.get(`${path}/publishing/auth`))
    const siteSpaces = okBody(await sites.get(`${path}/site-spaces`)).items
    const beta = siteSpaces.find((s: any) => s.space.id === spaceIds[1])
    okBody(
      await sites.patch(`${path}/site-spaces/${beta.id}`, {
        condition: 'visitor.claims.unsigned.beta === true',
      })
    )
    assert.isString(site.id)

    const anonymous = new Reader(client)
    const home = await anonymous.text(base)
    assert.notInclude(home, 'Pro features')
    await anonymous.expect(`${base}/pro-features`, 404)
    await anonymous.expect(`${base}/${beta.path}`, 404)
    assert.notInclude(await anonymous.text(`${base}/sitemap.xml`), 'pro-features')

    const pro = new Reader(client)
    await pro.get(`${base}?jwt_token=${await visitorJwt(privateKey, { plan: 'pro' })}`)
    const proHome = await pro.get(base)
    assert.include(proHome.text(), 'Pro features')
    assert.equal(proHome.header('cache-control'), 'private, no-cache')
    await pro.expect(`${base}/pro-features`, 200)
    assert.include(await pro.text(`${base}/sitemap.xml`), 'pro-features')

    // A claim of the wrong type is not a claim.
    const wrong = new Reader(client)
    await wrong.get(`${base}?jwt_token=${await visitorJwt(privateKey, { plan: 5 })}`)
    await wrong.expect(`${base}/pro-features`, 404)

    // Unsigned claims from the URL, kept for the next pages.
    const tester = new Reader(client)
    await tester.expect(`${base}/${beta.path}?visitor.beta=true`, 200)
    await tester.expect(`${base}/${beta.path}`, 200)
    assert.notInclude(await tester.text(base), 'Pro features')
  })

  test('a site on its own hostname answers on its Host header', async ({ client, assert }) => {
    const { sites, path } = await publishedSite(client, PAGES)
    okBody(await sites.patch(path, { hostname: 'docs.zebra-reader.test' }))
    const reader = new Reader(client, { host: 'docs.zebra-reader.test' })
    const home = await reader.get('/')
    home.assertStatus(200)
    assert.include(home.text(), '<title>Home | Docs</title>')
    assert.include(home.text(), 'href="/more">More</a>')
    await reader.expect('/more', 200)
    await reader.expect('/nowhere', 404)
    // Behind a proxy: the site answers below the proxy's path on that host, and nowhere else there.
    okBody(await sites.patch(path, { hostname: null, proxy: 'www.zebra-reader.test/help' }))
    const proxied = new Reader(client, { host: 'www.zebra-reader.test' })
    const help = await proxied.expect('/help', 200)
    assert.include(help.text(), 'href="/help/more">More</a>')
    await proxied.expect('/help/more', 200)

    // Unpublished: nobody reads it on its own host either.
    okBody(await sites.post(`${path}/unpublish`))
    await proxied.expect('/help', 404)
  })

  test('getPublishedContentByUrl and the HTML agree on every URL', async ({ client, assert }) => {
    const { base, sites, path, spaceIds, admin, site } = await publishedSite(client, PAGES, {
      spaceTitles: ['Guides', 'Reference'],
    })
    await authorAndMerge(client, admin, spaceIds[1], [page('endpoints', 'Endpoints', 'GET.\n')])
    okBody(await sites.post(`${path}/sections`, { spaceId: spaceIds[1], title: 'API' }))
    const structure = okBody(await sites.get(`${path}/structure`))
    const reader = new Reader(client)
    const origin = new URL(site.urls.published).origin
    for (const url of [base, `${base}/more`, `${base}/api`]) {
      const resolved = okBody(
        await client
          .get('/v1/urls/published')
          .bearerToken(admin.token)
          .qs({ url: `${origin}${url}` })
      )
      const html = await reader.get(url)
      html.assertStatus(200)
      const spaceTitle = resolved.space === spaceIds[0] ? 'Guides' : 'Reference'
      assert.include(html.text(), `aria-label="${spaceTitle}"`, url)
      assert.equal(pathOf(resolved.canonicalUrl), url)
    }
    assert.equal(structure.type, 'sections')
    const outsider = await createCaller()
    await new Reader(client, { authorization: `Bearer ${outsider.token}` }).expect(base, 200)
  })
})
