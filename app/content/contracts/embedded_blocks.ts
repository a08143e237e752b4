import type { ElementContent } from 'hast'

/**
 * A block of a page whose content lives outside the page: GitBook's
 * `{% openapi-operation spec="…" path="…" method="…" %}` (an operation of an organization's OpenAPI
 * specification, by the specification's slug).
 */
export interface EmbeddedBlockRef {
  type: 'openapi-operation'
  spec: string
  path: string
  method: string
}

/**
 * The data behind a page's embedded blocks, loaded before the (synchronous) render.
 */
export interface PreparedBlocks {
  /**
   * Names what the blocks show (the versions read): part of every cache key and validator of
   * what is rendered with them, so a new version shows at once. Empty when nothing was loaded.
   */
  key: string
  /**
   * The block as HTML (a hast element the renderer sanitizes like the rest of the page), or
   * undefined when it cannot be shown (unknown specification or operation).
   */
  render(block: EmbeddedBlockRef): ElementContent | undefined
}

export const NO_PREPARED_BLOCKS: PreparedBlocks = { key: '', render: () => undefined }

/**
 * Loads what embedded blocks show, for the pages of an organization. The openapi domain's
 * provider binds the real one; without it, blocks render as their placeholder.
 */
export abstract class EmbeddedBlocks {
  abstract prepare(organizationId: string, blocks: EmbeddedBlockRef[]): Promise<PreparedBlocks>
}

export class NoEmbeddedBlocks extends EmbeddedBlocks {
  async prepare() {
    return NO_PREPARED_BLOCKS
  }
}
