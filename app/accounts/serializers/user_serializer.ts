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
