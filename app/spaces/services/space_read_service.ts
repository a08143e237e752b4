import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import SpaceAccessService from '#spaces/services/space_access_service'
import { SpaceCounterSources, countersFromRow } from '#spaces/contracts/space_counters'
import { SpaceDependents } from '#spaces/contracts/space_dependents'
import { serializeSpace } from '#spaces/serializers/space_serializer'

/**
 * GET /v1/spaces/{spaceId} in one query: the space, the caller's access to it, its counters (each
 * counter source's subqueries) and whether any dependent may publish it, read together. Only a
 * published space costs a second query, for its URL.
 */
@inject()
export default class SpaceReadService {
  constructor(
    private access: SpaceAccessService,
    private counters: SpaceCounterSources,
    private dependents: SpaceDependents
  ) {}

  async show(caller: User, spaceId: string) {
    const { access, row } = await this.access.spaceRowFor(
      caller.id,
      spaceId,
      false,
      extraColumnsOf(this.counters, this.dependents)
    )
    const id = access.space.id
    const published = Number(row.maybe_published)
      ? await this.dependents.publishedUrls([id])
      : undefined
    return serializeSpace(access, caller, countersFromRow(row), published?.get(id))
  }
}

/** The columns are the same for every read once providers have booted: built once. */
let built: { sources: number; dependents: number; columns: string[] } | undefined

function extraColumnsOf(counters: SpaceCounterSources, dependents: SpaceDependents): string[] {
  if (
    built?.sources !== counters.sources.length ||
    built.dependents !== dependents.dependents.length
  ) {
    const published = dependents.publishedColumnSql('s.id')
    built = {
      sources: counters.sources.length,
      dependents: dependents.dependents.length,
      columns: [...counters.columnsSql('s.id'), ...(published ? [published] : [])],
    }
  }
  return built.columns
}
