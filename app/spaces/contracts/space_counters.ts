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

  /**
   * The same counts of one space as scalar SQL subqueries over `spaceId` (a column reference such
   * as `s.id`), so that a single-space read carries them in its own query (no round trip of their
   * own). Portable SQL only: both engines run it.
   */
  countersSql(spaceId: string): Partial<Record<keyof SpaceCounters, string>>
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

  /** Every source's subqueries of one space, `expression AS counter_<name>` each. */
  columnsSql(spaceId: string): string[] {
    return this.sources.flatMap((source) =>
      Object.entries(source.countersSql(spaceId)).map(
        ([name, sql]) => `(${sql}) AS counter_${name}`
      )
    )
  }
}

/**
 * The counters of a row read with `columnsSql` (absent ones are 0).
 */
export function countersFromRow(row: Record<string, unknown>): SpaceCounters {
  return {
    comments: Number(row.counter_comments ?? 0),
    changeRequests: Number(row.counter_changeRequests ?? 0),
    changeRequestsOpen: Number(row.counter_changeRequestsOpen ?? 0),
    changeRequestsDraft: Number(row.counter_changeRequestsDraft ?? 0),
  }
}
