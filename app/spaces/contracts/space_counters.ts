/**
 * The counters a Space carries. `comments` counts the open comments on the space's own content
 * (what `GET S/comments?status=open` lists): replies, resolved comments and change requests'
 * discussions are not counted.
 */
export type SpaceCounters = {
  comments: number
  changeRequests: number
  changeRequestsOpen: number
  changeRequestsDraft: number
}

/**
 * A domain above spaces that adds to the counters (change requests, comments): one grouped query
 * for any number of spaces, adding its numbers to the entries of `counters` (one per space).
 */
export interface SpaceCounterSource {
  addCounts(spaceIds: string[], counters: Map<string, SpaceCounters>): Promise<void>
}

/**
 * The sources registered by the providers of the domains present (a singleton). Without any, every
 * counter is 0.
 */
export class SpaceCounterSources {
  readonly sources: SpaceCounterSource[] = []

  add(source: SpaceCounterSource) {
    this.sources.push(source)
  }
}
