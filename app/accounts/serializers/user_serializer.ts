import { urls } from '#core/http/urls'

/**
 * The columns a User wire object needs, as a plain row (snake_case) or a model (camelCase).
 */
export type UserRecord = {
  id: string
  email: string
  displayName: string
  photoUrl: string | null
}

export type UserRow = { id: string; email: string; display_name: string; photo_url: string | null }

export function userFromRow(row: UserRow): UserRecord {
  return { id: row.id, email: row.email, displayName: row.display_name, photoUrl: row.photo_url }
}

/** The columns of a user joined as `alias`, under the aliases userFromPrefixedRow(row, alias) reads. */
export function prefixedUserColumns(alias: string) {
  return [
    `${alias}.id as ${alias}_id`,
    `${alias}.email as ${alias}_email`,
    `${alias}.display_name as ${alias}_display_name`,
    `${alias}.photo_url as ${alias}_photo_url`,
  ]
}

/**
 * The user a joined row carries under column aliases `<prefix>_id`, `<prefix>_email`,
 * `<prefix>_display_name`, `<prefix>_photo_url` (null when the join found nobody).
 */
export function userFromPrefixedRow(row: Record<string, any>, prefix: string): UserRecord | null {
  if (!row[`${prefix}_id`]) return null
  return {
    id: row[`${prefix}_id`],
    email: row[`${prefix}_email`],
    displayName: row[`${prefix}_display_name`],
    photoUrl: row[`${prefix}_photo_url`],
  }
}

/**
 * GitBook's User object.
 */
export function serializeUser(user: UserRecord) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoUrl ? { photoURL: user.photoUrl } : {}),
    urls: { location: urls.api(`/users/${user.id}`) },
  }
}
