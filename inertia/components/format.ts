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

/**
 * Every organization role, most capable first, then guest (`null`).
 */
export const MEMBER_ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const

/**
 * A role for a select's value: guest / inherit is the empty string.
 */
export function roleValue(role: MemberRole): string {
  return role ?? ''
}
