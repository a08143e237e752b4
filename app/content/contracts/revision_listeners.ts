import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** A space's primary content moved to a new revision (a merge, an edit of live content, a copy). */
export interface CurrentRevisionChange {
  organizationId: string
  spaceId: string
  /** The revision the space showed before (null for content copied into a new space). */
  previousRevisionId: string | null
  revisionId: string
}

/**
 * A domain above content that reacts when a space's current revision moves (integrations deliver
 * `space_content_updated`). Called inside the caller's transaction: work it records commits or rolls
 * back with the change itself.
 */
export interface RevisionListener {
  revisionBecameCurrent(trx: QueryClientContract, change: CurrentRevisionChange): Promise<void>
}

/**
 * The listeners registered by the providers of the domains present (a singleton); none by default.
 */
export class RevisionListeners {
  readonly listeners: RevisionListener[] = []

  add(listener: RevisionListener) {
    this.listeners.push(listener)
  }

  async revisionBecameCurrent(trx: QueryClientContract, change: CurrentRevisionChange) {
    for (const listener of this.listeners) await listener.revisionBecameCurrent(trx, change)
  }
}
