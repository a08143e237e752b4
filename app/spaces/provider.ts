import type { ApplicationService } from '@adonisjs/core/types'
import { MemberSpaces } from '#organizations/contracts/member_spaces'
import { NoSpaceContent, SpaceContent } from '#spaces/contracts/space_content'
import { SpaceCounterSources } from '#spaces/contracts/space_counters'
import { SpaceDependents } from '#spaces/contracts/space_dependents'
import SpaceReadService from '#spaces/services/space_read_service'
import SpaceAccessService from '#spaces/services/space_access_service'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Spaces: collections and spaces: their tree, permissions, move, transfer, delete and restore.
 */
export default class SpacesProvider {
  private timer?: NodeJS.Timeout

  constructor(protected app: ApplicationService) {}

  /**
   * Fills in the organizations' MemberSpaces; defaults of the contracts domains above spaces bind
   * (content binds SpaceContent; change requests and comments add counter sources; sites adds a
   * dependent).
   */
  register() {
    this.app.container.singleton(MemberSpaces, async () => {
      const { default: MemberSpacesService } =
        await import('#spaces/services/member_spaces_service')
      return new MemberSpacesService()
    })
    this.app.container.bind(SpaceContent, () => new NoSpaceContent())
    this.app.container.singleton(SpaceCounterSources, () => new SpaceCounterSources())
    this.app.container.singleton(SpaceDependents, () => new SpaceDependents())
    // GET /v1/spaces/{id}'s service: one instance (it keeps no state of a request), not a graph
    // built anew for each request.
    this.app.container.singleton(
      SpaceReadService,
      async (resolver) =>
        new SpaceReadService(
          await resolver.make(SpaceAccessService),
          await resolver.make(SpaceCounterSources),
          await resolver.make(SpaceDependents)
        )
    )
  }

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist then).
   */
  async start() {
    await import('#spaces/routes')
  }

  /**
   * The web server purges expired deleted spaces at start-up and then daily (an unref'd timer never
   * keeps the process alive). Purging is idempotent, so several processes may all do it.
   */
  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    void this.purgeExpired()
    this.timer = setInterval(() => void this.purgeExpired(), DAY_MS)
    this.timer.unref()
  }

  /**
   * One purge run that never throws: a failure (database down, ...) is logged and the server goes
   * on. Returns how many spaces were removed, or null when the run failed.
   */
  async purgeExpired(): Promise<number | null> {
    try {
      const { default: SpaceService } = await import('#spaces/services/space_service')
      const service = await this.app.container.make(SpaceService)
      const removed = await service.purgeExpired()
      if (removed > 0) {
        const logger = await this.app.container.make('logger')
        logger.info({ removed }, 'purged expired deleted spaces')
      }
      return removed
    } catch (error) {
      // When even the logger is missing there is nothing left to report with; the next run tries again.
      await this.app.container
        .make('logger')
        .then((logger) => logger.error({ err: error }, 'purging deleted spaces failed'))
        .catch(() => {})
      return null
    }
  }

  async shutdown() {
    if (this.timer) clearInterval(this.timer)
  }
}
