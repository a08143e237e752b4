import { test } from '@japa/runner'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createSite, createSpaces, sitesOf } from '#tests/functional/sites/helpers'

test.group('Sites', (group) => {
  eachTestInTransaction(group)

  test('creates, reads, lists, updates and deletes a site', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, site, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    assert.equal(site.object, 'site')
    assert.equal(site.siteSpaces, 2)
    assert.isFalse(site.published)
    assert.equal(site.visibility, 'public')
    assert.match(site.urls.published, new RegExp(`/sites/${admin.organizationId}/${site.id}$`))

    const shown = await sites.get(path)
    shown.assertStatus(200)
    shown.assertContract()

    const listed = await sites.get('', { space: spaceIds[1] })
    listed.assertContract()
    assert.deepEqual(
      listed.body().items.map((s: any) => s.id),
      [site.id]
    )

    const updated = await sites.patch(path, {
      title: 'Handbook',
      basename: 'handbook',
      proxy: 'example.com/docs',
    })
    updated.assertStatus(200)
    updated.assertContract()
    assert.equal(updated.body().basename, 'handbook')
    assert.equal(updated.body().urls.published, 'http://example.com/docs')

    const structure = await sites.get(`${path}/structure`)
    structure.assertStatus(200)
    structure.assertContract()
    assert.equal(structure.body().type, 'siteSpaces')

    const published = await sites.post(`${path}/publish`)
    published.assertStatus(200)
    published.assertContract()

    const view = await sites.get(`${path}/published`)
    view.assertStatus(200)
    view.assertContract()

    const section = await sites.post(`${path}/sections`, { spaceId: spaceIds[0], title: 'Second' })
    section.assertStatus(201)
    section.assertContract()

    const sections = await sites.get(`${path}/sections`)
    sections.assertStatus(200)
    sections.assertContract()
    assert.lengthOf(sections.body().items, 2)

    const group = await sites.post(`${path}/section-groups`, {
      title: 'Group',
      sections: [section.body().id],
    })
    group.assertStatus(201)
    group.assertContract()

    const link = await sites.post(`${path}/share-links`, { name: 'Preview' })
    link.assertStatus(201)
    link.assertContract()

    const auth = await sites.get(`${path}/publishing/auth`)
    auth.assertStatus(200)
    auth.assertContract()

    const schema = await sites.get(`${path}/adaptive-schema`)
    schema.assertStatus(200)
    schema.assertContract()

    const siteSpaces = await sites.get(`${path}/site-spaces`)
    siteSpaces.assertStatus(200)
    siteSpaces.assertContract()

    const resolved = await client
      .get('/v1/urls/published')
      .bearerToken(admin.token)
      .qs({ url: `${site.urls.published}` })
    resolved.assertStatus(200)
    resolved.assertContract()

    const deleted = await sites.delete(path)
    deleted.assertStatus(205)
    const [other] = await createSpaces(client, admin, ['x'])
    assert.isString(other)
    const gone = await sitesOf(client, admin).get(path)
    gone.assertStatus(404)
  })
})
