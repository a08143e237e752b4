import type { ApplicationService } from '@adonisjs/core/types'
import { SpaceCounterSources } from '#spaces/contracts/space_counters'
import { ContentBranches } from '#content/contracts/content_branches'
import { ImportBranches } from '#content/contracts/import_branches'
import { NoReviewComments, ReviewComments } from '#change_requests/contracts/review_comments'
import { Discussions, NoDiscussions } from '#change_requests/contracts/discussions'
import ChangeRequestCounterSource from '#change_requests/services/change_request_counter_source'

/**
 * Change requests: branches of a space's content, numbered per space, with their content (authoring
 * batches, imports; reads through the content domain's ContentBranches), reviews and PDF export.
 * Binds ContentBranches and adds the spaces' change-request counters; ReviewComments and
 * Discussions are the comments domain's to bind (reviews take no comment without it).
 */
export default class ChangeRequestsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(ContentBranches, async (resolver) => {
      const { default: ContentBranchesService } =
        await import('#change_requests/services/content_branches_service')
      return resolver.make(ContentBranchesService)
    })
    this.app.container.singleton(ImportBranches, async (resolver) => {
      const { default: ImportBranchesService } =
        await import('#change_requests/services/import_branches_service')
      return resolver.make(ImportBranchesService)
    })
    this.app.container.bind(ReviewComments, () => new NoReviewComments())
    this.app.container.bind(Discussions, () => new NoDiscussions())
  }

  async boot() {
    const counters = await this.app.container.make(SpaceCounterSources)
    counters.add(new ChangeRequestCounterSource())
  }

  async start() {
    await import('#change_requests/routes')
  }
}
