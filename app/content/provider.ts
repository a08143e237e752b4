import type { ApplicationService } from '@adonisjs/core/types'
import { SpaceContent } from '#spaces/contracts/space_content'
import { ContentBranches, NoContentBranches } from '#content/contracts/content_branches'
import { RevisionListeners } from '#content/contracts/revision_listeners'
import { EmbeddedBlocks, NoEmbeddedBlocks } from '#content/contracts/embedded_blocks'
import { ImportBranches, NoImportBranches } from '#content/contracts/import_branches'
import { JobRunner } from '#core/jobs/job_runner'
import ContentReadService from '#content/services/content_read_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import ContentStore from '#content/services/content_store'
import FormerPathsService from '#content/services/former_paths_service'

/**
 * Content: revisions, pages, files, authoring batches, search, links and import (synchronous, and
 * in the background as import runs: the `content.import-run` job). Binds the spaces'
 * SpaceContent; ImportBranches (import runs into change requests) is the change requests domain's
 * to bind; ContentBranches is the change requests domain's to bind (none without it),
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
    this.app.container.bind(ImportBranches, () => new NoImportBranches())
    // Every content read's controller takes it: one instance (it keeps no state of a request),
    // not a graph built anew for each request (~5 % of a page read's CPU).
    this.app.container.singleton(
      ContentReadService,
      async (resolver) =>
        new ContentReadService(
          await resolver.make(SpaceAccessService),
          await resolver.make(ContentBranches),
          await resolver.make(ContentStore),
          await resolver.make(FormerPathsService)
        )
    )
  }

  /** Background import runs: the `content.import-run` job on core's runner. */
  async boot() {
    const { default: ImportRunService, IMPORT_RUN_JOB } =
      await import('#content/import/import_run_service')
    const runner = await this.app.container.make(JobRunner)
    runner.define(
      IMPORT_RUN_JOB,
      async (payload, context) => {
        const runs = await this.app.container.make(ImportRunService)
        return runs.execute(payload, context)
      },
      ImportRunService.jobOptions()
    )
  }

  async start() {
    await import('#content/routes')
  }

  /**
   * A server's start writes search's full-text entries that an import run left pending when the
   * process stopped (SQLite; the run's own retry writes them too, in the background).
   */
  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const { default: SearchIndexService } = await import('#content/search/search_index_service')
    const search = await this.app.container.make(SearchIndexService)
    search.writePendingFullTextLater()
  }
}
