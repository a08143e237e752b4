import type { ApplicationService } from '@adonisjs/core/types'
import { ReviewComments } from '#change_requests/contracts/review_comments'
import { Discussions } from '#change_requests/contracts/discussions'
import { SpaceCounterSources } from '#spaces/contracts/space_counters'
import CommentCounterSource from '#comments/services/comment_counter_source'

/**
 * Comments: discussions on a space's content and in its change requests, with replies and emoji
 * reactions. Binds the change requests' ReviewComments and Discussions (the console's threads) and adds the spaces' `comments` counter.
 */
export default class CommentsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(ReviewComments, async (resolver) => {
      const { default: ReviewCommentsService } =
        await import('#comments/services/review_comments_service')
      return resolver.make(ReviewCommentsService)
    })
    this.app.container.singleton(Discussions, async (resolver) => {
      const { default: DiscussionsService } = await import('#comments/services/discussions_service')
      return resolver.make(DiscussionsService)
    })
  }

  async boot() {
    const counters = await this.app.container.make(SpaceCounterSources)
    counters.add(new CommentCounterSource())
  }

  async start() {
    await import('#comments/routes')
  }
}
