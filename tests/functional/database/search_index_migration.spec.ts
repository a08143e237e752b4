import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import SearchPagesAndScopes from '#database/migrations/0023_search_pages_and_scopes'
import SearchSectionsLinkShare from '#database/migrations/0025_search_sections_link_share'
import SearchSectionsListedLinks from '#database/migrations/0026_search_sections_listed_links'
import { committedCallers } from '#tests/helpers/callers'
import { indexTerms, scopeTerms } from '#content/search/terms'
import { SECTION_SPAN } from '#content/search/engines'
import { assertAnswer } from '#tests/helpers/guards'
import { insertPage } from '#tests/helpers/fixtures_content'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'

/**
 * Migration 0023 moves the search index from migration 0009's one-table layout to pages and
 * sections with scope terms. It runs here down and up again around rows written the old way:
 * DDL (which MySQL commits at once), so the data is committed and cleaned up by hand. Migration
 * 0025 and 0026 (columns of search_sections) are taken down first and run again last, as a
 * rollback to 0023 and back would.
 */
const { caller, cleanUp } = committedCallers()
const FILE = 'database/migrations/0023_search_pages_and_scopes.ts'
const LINK_SHARE_FILE = 'database/migrations/0025_search_sections_link_share.ts'
const LISTED_LINKS_FILE = 'database/migrations/0026_search_sections_listed_links.ts'

test.group('Migration 0023: search pages and scopes', (group) => {
  group.each.teardown(cleanUp)

  test('carries the sections of the old layout over, hidden ones left out, searchable', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const space = await createSpace(client, admin, { title: 'Migrated' })
    const connection = db.connection()
    const old = (
      pageId: string,
      position: number,
      hidden: boolean,
      title: string,
      body: string
    ) => ({
      space_id: space.id,
      organization_id: admin.organizationId,
      page_id: pageId,
      section_id: position === 0 ? '' : title.toLowerCase(),
      position,
      page_title: 'Narwhal guide',
      page_path: `guides/${pageId}`,
      page_description: 'Tusks',
      section_title: title,
      body,
      hidden,
      title_terms: indexTerms(title),
      page_terms: indexTerms('Narwhal guide'),
      body_terms: indexTerms(body),
    })
    await new SearchSectionsListedLinks(connection, LISTED_LINKS_FILE).execDown()
    await new SearchSectionsLinkShare(connection, LINK_SHARE_FILE).execDown()
    await new SearchPagesAndScopes(connection, FILE).execDown()
    try {
      await connection
        .insertQuery()
        .table('search_sections')
        .multiInsert([
          old('visible-page', 0, false, 'Narwhal guide', 'About them.'),
          old('visible-page', 1, false, 'Habitat', 'A narwhal lives in the Arctic.'),
          old('hidden-page', 0, true, 'Narwhal guide', 'A hidden narwhal.'),
        ])
    } finally {
      await new SearchPagesAndScopes(connection, FILE).execUp()
      await new SearchSectionsLinkShare(connection, LINK_SHARE_FILE).execUp()
      await new SearchSectionsListedLinks(connection, LISTED_LINKS_FILE).execUp()
    }

    const pages = await db.from('search_pages').where('space_id', space.id)
    assert.lengthOf(pages, 1)
    assert.include(pages[0], {
      organization_id: admin.organizationId,
      page_id: 'visible-page',
      title: 'Narwhal guide',
      path: 'guides/visible-page',
      description: 'Tusks',
    })
    const key = Number(pages[0].id)
    const sections = await db.from('search_sections').where('page_key', key).orderBy('id')
    assert.deepEqual(
      sections.map((row) => [Number(row.id), row.position, row.section_id, row.title]),
      [
        [key * SECTION_SPAN, 0, '', 'Narwhal guide'],
        [key * SECTION_SPAN + 1, 1, 'habitat', 'Habitat'],
      ]
    )
    assert.equal(sections[0].scope_terms, scopeTerms(space.id, admin.organizationId))

    const found = await client
      .get(`/v1/spaces/${space.id}/search`)
      .qs({ query: 'narwhal' })
      .bearerToken(admin.token)
    found.assertStatus(200)
    assert.equal(found.body().count, 1)
    // The first section's title is the page's, which holds the word: the heading tier.
    assert.deepEqual(
      found.body().items[0].sections.map((section: any) => section.id),
      ['', 'habitat']
    )
  })
})

test.group('Migration 0026: table-of-contents entries of search sections', (group) => {
  group.each.teardown(cleanUp)

  test('fills in the rows already indexed from the current documents', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const space = await createSpace(client, admin, { title: 'Listed' })
    const changeRequest = await createChangeRequest(client, admin, space.id)
    const toc = ['Heron', 'Stork', 'Egret', 'Crane', 'Ibis', 'Spoonbill']
      .map((bird) => `- [${bird}](https://example.com/${bird})`)
      .join('\n')
    const outline = '- [Habitat](#habitat)\n- [Food](#food)'
    await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage(`Every wader.\n\n${toc}\n\n## Habitat\n\n${outline}\n\nWetlands.`, {
        title: 'Waders',
      }),
    ])
    const merged = await client
      .post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`)
      .bearerToken(admin.token)
    assertAnswer(merged, 200)
    /** The space's section rows: id, table-of-contents entries, link share. */
    const rows = async () => {
      const found = await db
        .from('search_sections as s')
        .innerJoin('search_pages as p', 'p.id', 's.page_key')
        .where('p.space_id', space.id)
        .orderBy('s.id')
        .select('s.section_id', 's.listed_links', 's.link_share')
      return found.map((row) => [row.section_id, Number(row.listed_links), Number(row.link_share)])
    }
    const indexed = await rows()
    assert.deepEqual(
      indexed.map(([id, entries]) => [id, entries]),
      [
        ['', 6],
        ['habitat', 0],
      ]
    )
    // The page's own outline is no link text to other pages.
    assert.equal(indexed[1][2], 0)

    // As a version before this one left them: no entries, and the outline counted as links.
    const connection = db.connection()
    await new SearchSectionsListedLinks(connection, LISTED_LINKS_FILE).execDown()
    await connection
      .from('search_sections')
      .whereIn('page_key', connection.from('search_pages').where('space_id', space.id).select('id'))
      .update({ link_share: 50 })
    await new SearchSectionsListedLinks(connection, LISTED_LINKS_FILE).execUp()
    assert.deepEqual(await rows(), indexed)
  })
})
