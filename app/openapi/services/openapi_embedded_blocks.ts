import db from '@adonisjs/lucid/services/db'
import { LRUCache } from 'lru-cache'
import { dereference } from '@scalar/openapi-parser'
import {
  EmbeddedBlocks,
  NO_PREPARED_BLOCKS,
  type EmbeddedBlockRef,
  type PreparedBlocks,
} from '#content/contracts/embedded_blocks'
import { renderOperation } from '#openapi/services/operation_html'

/**
 * Dereferenced documents by version id: versions never change, so entries are never invalidated,
 * only evicted (bounded by the stored JSON's size).
 */
const documents = new LRUCache<string, Record<string, any>>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (_value, key) => Math.max(1, sizes.get(key) ?? 1),
})
const sizes = new Map<string, number>()

/**
 * What `{% openapi-operation %}` blocks show: for each specification a page names (by slug, in the
 * page's organization), its latest version's document, dereferenced once per process and version.
 * The key names those versions, so a new upload changes every cache key and ETag built with it.
 * Any member-visible specification is shown on the organization's published pages: publishing a
 * page that embeds it is the organization's choice.
 */
export default class OpenAPIEmbeddedBlocks extends EmbeddedBlocks {
  async prepare(organizationId: string, blocks: EmbeddedBlockRef[]): Promise<PreparedBlocks> {
    const slugs = [...new Set(blocks.map((block) => block.spec))]
    if (slugs.length === 0) return NO_PREPARED_BLOCKS
    const specs: Array<{ slug: string; last_version_id: string | null }> = await db
      .from('openapi_specs')
      .where('organization_id', organizationId)
      .whereIn('slug', slugs)
      .select('slug', 'last_version_id')
    const bySlug = new Map<string, Record<string, any>>()
    for (const spec of specs) {
      if (!spec.last_version_id) continue
      const document = await this.document(spec.last_version_id)
      if (document) bySlug.set(spec.slug, document)
    }
    const key = specs
      .map((spec) => `${spec.slug}@${spec.last_version_id}`)
      .sort()
      .join(',')
    return {
      key: key || 'none',
      render: (block) => {
        const document = bySlug.get(block.spec)
        return document ? renderOperation(document, block) : undefined
      },
    }
  }

  private async document(versionId: string): Promise<Record<string, any> | undefined> {
    const cached = documents.get(versionId)
    if (cached) return cached
    const row = await db
      .from('openapi_spec_versions')
      .where('id', versionId)
      .select('document')
      .first()
    if (!row) return undefined
    const parsed = JSON.parse(row.document)
    const { schema } = await dereference(parsed)
    const document = (schema ?? parsed) as Record<string, any>
    sizes.set(versionId, row.document.length)
    documents.set(versionId, document)
    sizes.delete(versionId)
    return document
  }
}
