import { test } from '@japa/runner'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'

test.group('GitBookAPI client: sites', (group) => {
  eachTestInTransaction(group)

  test('builds, publishes and resolves a site', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const org = admin.organizationId
    const { data: guides } = await api.orgs.createSpace(org, { title: 'Guides' })
    const { data: reference } = await api.orgs.createSpace(org, { title: 'Reference' })
    const { data: sdk } = await api.orgs.createSpace(org, { title: 'SDK' })

    const { data: site } = await api.orgs.createSite(org, {
      title: 'Developer docs',
      visibility: 'share-link' as any,
      spaces: [guides.id],
    })
    const { data: section } = await api.orgs.addSectionToSite(org, site.id, {
      spaceId: reference.id,
      title: 'Reference',
    })
    await api.orgs.addSpaceToSite(org, site.id, { spaceId: sdk.id, sectionId: section.id })
    const { data: sections } = await api.orgs.listSiteSections(org, site.id)
    assert.deepEqual(
      sections.items.map((s) => [s.title, s.siteSpaces.map((siteSpace) => siteSpace.space.id)]),
      [
        ['Developer docs', [guides.id]],
        ['Reference', [reference.id, sdk.id]],
      ]
    )

    const { data: sectionGroup } = await api.orgs.addSectionGroupToSite(org, site.id, {
      title: 'APIs',
      sections: [section.id],
    })
    assert.deepEqual(
      sectionGroup.sections.map((s) => s.id),
      [section.id]
    )
    await api.orgs.updateSiteById(org, site.id, { basename: 'developers' })
    const { data: link } = await api.orgs.createSiteShareLink(org, site.id, { name: 'Partners' })
    const { data: published } = await api.orgs.publishSite(org, site.id)
    assert.isTrue((published as { published: boolean }).published)

    const { data: structure } = await api.orgs.getSiteStructure(org, site.id)
    assert.equal(structure.type, 'sections')
    const { data: resolved } = await api.urls.getPublishedContentByUrl({
      url: `${link.urls.published!.replace('?', '/reference/sdk/start?')}`,
    })
    assert.containsSubset(resolved, {
      site: site.id,
      siteSection: section.id,
      space: sdk.id,
      pathname: 'start',
    })
  })
})
