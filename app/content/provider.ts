import type { ApplicationService } from '@adonisjs/core/types'
import { SpaceContent } from '#spaces/contracts/space_content'
import { ContentBranches, NoContentBranches } from '#content/contracts/content_branches'
import { RevisionListeners } from '#content/contracts/revision_listeners'
import { EmbeddedBlocks, NoEmbeddedBlocks } from '#content/contracts/embedded_blocks'

/**
 * Content: revisions, pages, files, authoring batches, search, links and import. Binds the spaces'
 * SpaceContent; ContentBranches is the change requests domain's to bind (none without it),
 * EmbeddedBlocks the openapi domain's (placeholders without it), and RevisionListeners a registry
 * that domains above fill (none without them).
 */
export default class ContentProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(SpaceContent, async (resolver) => {
      const { default: SpaceContentService } =
        await import('#content/services/space_content_service')
      return resolver.make(SpaceContentService)
    })
    this.app.container.bind(ContentBranches, () => new NoContentBranches())
    this.app.container.singleton(RevisionListeners, () => new RevisionListeners())
    this.app.container.bind(EmbeddedBlocks, () => new NoEmbeddedBlocks())
  }

  async start() {
    await import('#content/routes')
  }
}
