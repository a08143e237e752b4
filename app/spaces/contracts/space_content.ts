import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * What the content domain (above spaces) keeps per space and must follow when spaces are
 * duplicated, transferred or purged. The content provider binds it; without content there is no
 * content to copy, index or remove.
 */
export abstract class SpaceContent {
  /** Copies a revision's content into the duplicate, inside the duplicating transaction. */
  abstract copyRevision(
    trx: TransactionClientContract,
    from: { spaceId: string; revisionId: string },
    to: { spaceId: string; revisionId: string; organizationId: string }
  ): Promise<void>

  /** Spaces moved to another organization, inside the transferring transaction. */
  abstract spacesMoved(
    trx: TransactionClientContract,
    spaceIds: string[],
    organizationId: string
  ): Promise<void>

  /** Spaces removed for good (after their rows are gone): their stored files go too. */
  abstract spacesPurged(spaceIds: string[]): Promise<void>
}

export class NoSpaceContent extends SpaceContent {
  async copyRevision() {}
  async spacesMoved() {}
  async spacesPurged() {}
}
