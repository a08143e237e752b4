import { LRUCache } from 'lru-cache'

/**
 * Access answers remembered on MySQL/MariaDB, by the access version.
 *
 * An access read (who may read a space or a collection) walks the collection chain and the grants
 * in one statement, which costs MariaDB about four times a primary-key read: on a 2-core machine
 * it was the limit of a single-space API read. Its answer depends only on the access tables
 * (memberships, collections, grants, teams), and every committed write to those raises the one
 * row of `access_versions` (#core/database/prepared_statements, in the same transaction). So the
 * record's own row is read on every request with that version beside it, in one cheap statement,
 * and the rest of the answer is taken from here while the version read is the one it was
 * computed at — by this process or any other sharing the database. SQLite does not need this: its
 * read connection remembers whole answers by `PRAGMA data_version` (#core/database/hot_reads).
 */

/** Remembered answers per process: a few hundred bytes each. */
const ANSWERS = 20_000

/** Joined to a record's read for the version: `av.version AS access_version`. */
export const ACCESS_VERSION_JOIN = 'CROSS JOIN access_versions av'
export const ACCESS_VERSION_COLUMN = 'av.version AS access_version'
export const ACCESS_VERSION_CONDITION = 'av.id = 1'

type Entry<Facts> = { version: string; facts: Facts }

export class AccessAnswers<Facts extends object> {
  #answers = new LRUCache<string, Entry<Facts>>({ max: ANSWERS })

  /** The facts remembered for `key` at `version`, if they are of that version. */
  get(key: string, version: unknown): Facts | undefined {
    const entry = this.#answers.get(key)
    return entry && entry.version === String(version) ? entry.facts : undefined
  }

  set(key: string, version: unknown, facts: Facts) {
    this.#answers.set(key, { version: String(version), facts })
  }

  clear() {
    this.#answers.clear()
  }
}
