import type { MemberRole } from '~/types'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * An ISO timestamp as a calendar date (UTC, like every timestamp the server stores).
 */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

/**
 * A member role as people read it; `null` is a guest.
 */
export function formatRole(role: MemberRole): string {
  return role ?? 'guest'
}
