import app from '@adonisjs/core/services/app'
import { SpaceCounterSources, type SpaceCounters } from '#spaces/contracts/space_counters'

export type { SpaceCounters } from '#spaces/contracts/space_counters'

/**
 * The counters of any number of spaces: zeroes, plus what each registered source (change requests,
 * comments) adds with one grouped query of its own. Spaces read no table of those domains.
 */
export default class SpaceCountersService {
  async countersFor(spaceIds: string[]): Promise<Map<string, SpaceCounters>> {
    const counters = new Map<string, SpaceCounters>(
      spaceIds.map((id) => [
        id,
        { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
      ])
    )
    if (spaceIds.length === 0) return counters
    const { sources } = await app.container.make(SpaceCounterSources)
    await Promise.all(sources.map((source) => source.addCounts(spaceIds, counters)))
    return counters
  }
}
