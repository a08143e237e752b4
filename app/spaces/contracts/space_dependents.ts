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

  async publishedUrls(spaceIds: string[]): Promise<Map<string, string>> {
    const urls = new Map<string, string>()
    if (spaceIds.length === 0) return urls
    const found = await Promise.all(this.dependents.map((d) => d.publishedUrls(spaceIds)))
    for (const map of found) for (const [id, url] of map) if (!urls.has(id)) urls.set(id, url)
    return urls
  }
}
