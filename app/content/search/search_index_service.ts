import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { chunks, WHERE_IN_CHUNK } from '#core/database/chunks'
import { splitSections, type Section } from '#content/search/sections'
import { indexTerms } from '#content/search/terms'

/**
 * A page of a space's current revision as search indexes it.
 */
export type IndexablePage = {
  pageId: string
  title: string
  /** Slash-joined slugs from the root, e.g. `guides/getting-started`. */
  path: string
  markdown: string
  /** Hidden pages (and those under a hidden page) never appear in results. */
  hidden: boolean
  /** The page's description, shown with its results. */
  description?: string
  /** Its sections, when the caller split them already (website imports, in worker threads). */
  sections?: Section[]
}

/** Rows per insert: 15 columns each stays far below SQLite's bound-parameter limit. */
const INSERT_CHUNK = 200

/**
 * Keeps the search index in step with spaces' current revisions. Storage calls it when a revision
 * becomes a space's current one, with the pages that changed: the work is proportional to the pages
 * given, never to the space. Every method runs on the client it is given (the caller's transaction).
 */
export default class SearchIndexService {
  /**
   * Replaces every section of the `upsert` pages and removes those of `removePageIds`.
   */
  async indexPages(
    client: QueryClientContract,
    spaceId: string,
    organizationId: string,
    upsert: IndexablePage[],
    removePageIds: string[]
  ): Promise<void> {
    const pageIds = [...new Set([...upsert.map((page) => page.pageId), ...removePageIds])]
    for (const ids of chunks(pageIds, WHERE_IN_CHUNK)) {
      await client
        .from('search_sections')
        .where('space_id', spaceId)
        .whereIn('page_id', ids)
        .delete()
    }
    const rows = upsert.flatMap((page) => {
      const pageTerms = indexTerms(page.title)
      const sections = page.sections ?? splitSections(page.markdown, page.title)
      return sections.map((section, position) => ({
        space_id: spaceId,
        organization_id: organizationId,
        page_id: page.pageId,
        section_id: section.id,
        position,
        page_title: page.title,
        page_path: page.path,
        page_description: page.description ?? '',
        section_title: section.title,
        body: section.body,
        hidden: page.hidden,
        title_terms: indexTerms(section.title),
        page_terms: pageTerms,
        body_terms: indexTerms(section.body),
      }))
    })
    for (const part of chunks(rows, INSERT_CHUNK)) {
      await client.insertQuery().table('search_sections').multiInsert(part)
    }
  }

  /** Forgets every page of the space (deleting the space row cascades the same way). */
  async removeSpace(client: QueryClientContract, spaceId: string): Promise<void> {
    await client.from('search_sections').where('space_id', spaceId).delete()
  }

  /** The space now belongs to another organization. */
  async moveSpace(
    client: QueryClientContract,
    spaceId: string,
    organizationId: string
  ): Promise<void> {
    await this.moveSpaces(client, [spaceId], organizationId)
  }

  /** Several spaces now belong to another organization (a transferred collection's). */
  async moveSpaces(
    client: QueryClientContract,
    spaceIds: string[],
    organizationId: string
  ): Promise<void> {
    for (const ids of chunks(spaceIds, WHERE_IN_CHUNK)) {
      await client
        .from('search_sections')
        .whereIn('space_id', ids)
        .update({ organization_id: organizationId })
    }
  }
}
