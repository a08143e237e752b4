import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import SearchPagesAndScopes from '#database/migrations/0023_search_pages_and_scopes'
import SearchSectionsLinkShare from '#database/migrations/0025_search_sections_link_share'
import { committedCallers } from '#tests/helpers/callers'
import { indexTerms, scopeTerms } from '#content/search/terms'
import { SECTION_SPAN } from '#content/search/engines'
import { createSpace } from '../spaces/helpers.js'

/**
 * Migration 0023 moves the search index from migration 0009's one-table layout to pages and
 * sections with scope terms. It runs here down and up again around rows written the old way:
 * DDL (which MySQL commits at once), so the data is committed and cleaned up by hand. Migration
 * 0025 (a column of search_sections) is taken down first and run again last, as a rollback to
 * 0023 and back would.
 */
const { caller, cleanUp } = committedCallers()
const FILE = 'database/migrations/0023_search_pages_and_scopes.ts'
const LINK_SHARE_FILE = 'database/migrations/0025_search_sections_link_share.ts'

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
