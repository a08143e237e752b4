import { test } from '@japa/runner'
import SiteVisitorService from '#sites/services/site_visitor_service'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { page, pathOf, publishedSite, Reader } from '#tests/helpers/published_sites'
import { ConsoleVisitor } from './console_visitor.js'

test.group('Console: links to what readers see', (group) => {
  group.tap((t) => t.tags(['@console', '@sites']))
  eachTestInTransaction(group)

  test('a site links to its preview, which members read before it is published', async ({
    client,
    assert,
  }) => {
    const { admin, siteId, base } = await publishedSite(
      client,
      [page('draft', 'Draft', 'Not yet.\n')],
      { published: false }
    )
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const shown = await visitor.page(`/console/orgs/${admin.organizationId}/sites/${siteId}`)
    const previewUrl: string = shown.props.site.previewUrl
    assert.equal(new URL(previewUrl).pathname, base)
    assert.isString(new URL(previewUrl).searchParams.get('preview'))

    const reader = new Reader(client)
    await reader.expect(base, 404)
    const arrival = await reader.expect(pathOf(previewUrl), 302)
    assert.equal(arrival.header('location'), base)
    const previewed = await reader.expect(base, 200)
    assert.include(previewed.text(), 'Preview of an unpublished site')
    assert.equal(previewed.header('cache-control'), 'private, no-store')
    // A preview token of another site opens nothing here.
    const other = await publishedSite(client, [page('x', 'X', 'x\n')], { published: false })
    const elsewhere = `${base}?preview=${encodeURIComponent(SiteVisitorService.previewToken(other.siteId))}`
    await new Reader(client).expect(elsewhere, 404)
    const forged = `${base}?preview=${encodeURIComponent('not-a-token')}`
    await new Reader(client).expect(forged, 404)
  })

  test('a page shows its published URL in every site that publishes its space', async ({
    client,
    assert,
  }) => {
    const { admin, spaceId, refs, site } = await publishedSite(client, [
      page('home', 'Home', 'Hi.\n'),
      page('guide', 'Guide', 'Read.\n'),
    ])
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const shown = await visitor.page(`/console/spaces/${spaceId}/pages/${refs.guide}`)
    assert.deepEqual(shown.props.page.publishedAt, [
      { siteId: site.id, siteTitle: 'Docs', published: true, url: `${site.urls.published}/guide` },
    ])
    const home = await visitor.page(`/console/spaces/${spaceId}/pages/${refs.home}`)
    assert.equal(home.props.page.publishedAt[0].url, site.urls.published)
  })
})
