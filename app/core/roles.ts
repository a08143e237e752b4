/**
 * Member roles, from most to least capable. `null` is a guest: a member with no organization-wide
 * role, who sees only what is shared with them.
 */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const
export type Role = (typeof ROLES)[number]
export type RoleOrGuest = Role | null

const RANK: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 }

export function roleRank(role: RoleOrGuest | undefined): number {
  return role ? RANK[role] : 0
}

/**
 * True when `role` grants at least what `required` grants.
 */
export function roleAtLeast(role: RoleOrGuest | undefined, required: Role): boolean {
  return roleRank(role) >= RANK[required]
}

/**
 * The more capable of two roles.
 */
export function highestRole(a: RoleOrGuest, b: RoleOrGuest): RoleOrGuest {
  return roleRank(a) >= roleRank(b) ? a : b
}
