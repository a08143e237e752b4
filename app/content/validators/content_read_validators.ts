import vine from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'

/**
 * Booleans in the query are written `true` or `false`; anything else is a 400 (VineJS's boolean
 * would also take `1`, `on`, ...).
 */
const flag = () => vine.enum(['true', 'false']).optional()

/** `metadata` and `computed` (GitBook's revisionMetadata / revisionComputed), default true. */
const revisionQuery = {
  metadata: flag(),
  computed: flag(),
}

export const revisionQueryValidator = vine.compile(vine.object(revisionQuery))

export const filesQueryValidator = vine.compile(vine.object({ ...listQuery, ...revisionQuery }))

/**
 * Single-page reads. `evaluated` and `dereferenced` are accepted as GitBook enumerates them:
 * Bindery has no computed blocks or expressions, so the evaluated document is the stored one.
 */
export const pageQueryValidator = vine.compile(
  vine.object({
    ...revisionQuery,
    'format': vine.enum(['document', 'markdown']).optional(),
    'format.markdown.refs': vine.enum(['relative', 'stable']).optional(),
    'evaluated': vine.enum(['true', 'false', 'deterministic-only']).optional(),
    'dereferenced': vine.enum(['true', 'false', 'reusable-contents']).optional(),
    'cachedMetadata': flag(),
  })
)

/** `'false'` is false, anything else (absent, `'true'`) the default true. */
export function flagValue(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === 'true'
}

/** A page's meta links: GitBook's operation takes no query parameters. */
export const metaLinksQueryValidator = vine.compile(vine.object({}))
