/**
 * The counters a Space carries. Comments and change requests do not exist yet, so 0 is their true
 * value; the domains that bring them extend `countersFor` (one grouped query per counter), and every
 * space response takes its counters from here.
 */
export type SpaceCounters = {
  comments: number
  changeRequests: number
  changeRequestsOpen: number
  changeRequestsDraft: number
}

export default class SpaceCountersService {
  async countersFor(spaceIds: string[]): Promise<Map<string, SpaceCounters>> {
    return new Map(
      spaceIds.map((id) => [id, { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }])
    )
  }
}
