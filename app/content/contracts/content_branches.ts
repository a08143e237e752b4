import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import type { SpaceAccess } from '#spaces/records'
import type { RevisionTree } from '#content/types'

/**
 * A branch of a space's content, as a domain above content (change requests) names it in a route:
 * its head and the space revision it compares against. `id` is the branch's id, the
 * `changeRequest` GitBook puts on the pages read from it.
 */
export interface BranchTarget {
  id: string
  headRevisionId: string
  baseRevisionId: string
}

/**
 * Finds the branch named by a route parameter in a space the caller may read (404 as the owning
 * domain answers it).
 */
export type BranchResolver = (access: SpaceAccess, value: string) => Promise<BranchTarget>

/**
 * Branches of content kept by the domains above content (change requests). Content reads and link
 * listings served under a branch's route resolve it through the resolver registered for the route
 * parameter; the space's link statistics count what pending branches break; a `merge` revision names
 * the branch it merged. The change requests provider binds the real one; without it content has no
 * branches.
 */
export abstract class ContentBranches {
  /** Route parameter -> resolver of the branch it names. */
  abstract readonly resolvers: ReadonlyMap<string, BranchResolver>

  /** Head and base revisions of the space's pending (open and draft) branches. */
  abstract pending(
    client: QueryClientContract,
    spaceId: string
  ): Promise<Array<{ headRevisionId: string; baseRevisionId: string }>>

  /** GitBook's `mergedFrom` of a `merge` revision as the caller sees it, if any. */
  abstract mergedFrom(
    client: QueryClientContract,
    tree: RevisionTree,
    access: SpaceAccess,
    caller: User
  ): Promise<Record<string, unknown> | undefined>
}

export class NoContentBranches extends ContentBranches {
  readonly resolvers = new Map<string, BranchResolver>()

  async pending() {
    return []
  }

  async mergedFrom() {
    return undefined
  }
}
