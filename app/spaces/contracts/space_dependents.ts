import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * A domain above spaces that keeps records pointing at spaces (sites publish them): it hears when
 * spaces leave (deleted, or transferred to another organization) and may give their published URLs.
 */
export interface SpaceDependent {
  /** Spaces deleted or moved to another organization, inside the caller's transaction. */
  spacesLeft(trx: TransactionClientContract, spaceIds: string[]): Promise<void>

  /** Where each of `spaceIds` is published, if anywhere (one grouped query for them all). */
  publishedUrls(spaceIds: string[]): Promise<Map<string, string>>

  /**
   * A portable SQL condition over `spaceId` (a column reference), true when the space may have a
   * published URL: a single-space read asks it in its own query and calls publishedUrls only then.
   * Null: this dependent never publishes.
   */
  publishedSql(spaceId: string): string | null
}

/**
 * The dependents registered by the providers of the domains present (a singleton). Without any,
 * nothing follows a space and no space is published.
 */
export class SpaceDependents {
  readonly dependents: SpaceDependent[] = []

  add(dependent: SpaceDependent) {
    this.dependents.push(dependent)
  }

  async spacesLeft(trx: TransactionClientContract, spaceIds: string[]) {
    for (const dependent of this.dependents) await dependent.spacesLeft(trx, spaceIds)
  }

  /** `CASE WHEN <any dependent's condition> THEN 1 ELSE 0 END AS published`, or null. */
  publishedColumnSql(spaceId: string): string | null {
    const conditions = this.dependents
      .map((dependent) => dependent.publishedSql(spaceId))
      .filter((sql): sql is string => sql !== null)
    if (conditions.length === 0) return null
    return `CASE WHEN ${conditions.map((sql) => `(${sql})`).join(' OR ')} THEN 1 ELSE 0 END AS maybe_published`
  }

  async publishedUrls(spaceIds: string[]): Promise<Map<string, string>> {
    const urls = new Map<string, string>()
    if (spaceIds.length === 0) return urls
    const found = await Promise.all(this.dependents.map((d) => d.publishedUrls(spaceIds)))
    for (const map of found) for (const [id, url] of map) if (!urls.has(id)) urls.set(id, url)
    return urls
  }
}
