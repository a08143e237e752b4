import { highestRole, type Role, type RoleOrGuest } from '#core/roles'

/**
 * The effective role of a member on a space or collection: the highest of their organization role,
 * the `defaultLevel` of the record and of every collection above it, and the grants to them or to
 * their teams on the record or on any collection above it.
 *
 * Guests (organization role null) get grants only: a `defaultLevel` opens content to the
 * organization's members, not to guests, who see exactly what is shared with them.
 */
export function effectiveRole(
  organizationRole: RoleOrGuest,
  defaultLevels: RoleOrGuest[],
  grants: RoleOrGuest[]
): RoleOrGuest {
  let role: RoleOrGuest = null
  for (const grant of grants) role = highestRole(role, grant)
  if (organizationRole === null) return role
  role = highestRole(role, organizationRole)
  for (const level of defaultLevels) role = highestRole(role, level)
  return role
}

export type TreeNode = { id: string; parentId: string | null; defaultLevel: RoleOrGuest }
export type GrantRow = { spaceId: string | null; collectionId: string | null; role: Role }

/**
 * The collection tree of one organization held in memory, to resolve a caller's role on many
 * records at once (lists) without a query per record.
 */
export class RoleResolver {
  private byId = new Map<string, TreeNode>()
  private collectionGrants = new Map<string, Role[]>()
  private spaceGrants = new Map<string, Role[]>()
  private cache = new Map<string, RoleOrGuest>()

  constructor(
    collections: TreeNode[],
    readonly organizationRole: RoleOrGuest,
    grants: GrantRow[]
  ) {
    for (const node of collections) this.byId.set(node.id, node)
    for (const grant of grants) {
      const [map, key] = grant.spaceId
        ? [this.spaceGrants, grant.spaceId]
        : [this.collectionGrants, grant.collectionId!]
      map.set(key, [...(map.get(key) ?? []), grant.role])
    }
  }

  /**
   * The collection and every collection below it.
   */
  subtree(collectionId: string): string[] {
    return [...this.byId.keys()].filter((id) =>
      this.ancestry(id).some((node) => node.id === collectionId)
    )
  }

  /**
   * The collection and every collection above it (a visited set guards against corrupt cycles).
   */
  ancestry(collectionId: string | null): TreeNode[] {
    const chain: TreeNode[] = []
    const seen = new Set<string>()
    let current = collectionId ? this.byId.get(collectionId) : undefined
    while (current && !seen.has(current.id)) {
      seen.add(current.id)
      chain.push(current)
      current = current.parentId ? this.byId.get(current.parentId) : undefined
    }
    return chain
  }

  forCollection(collectionId: string): RoleOrGuest {
    if (this.cache.has(collectionId)) return this.cache.get(collectionId)!
    const chain = this.ancestry(collectionId)
    const role = effectiveRole(
      this.organizationRole,
      chain.map((node) => node.defaultLevel),
      chain.flatMap((node) => this.collectionGrants.get(node.id) ?? [])
    )
    this.cache.set(collectionId, role)
    return role
  }

  forSpace(space: { id: string; parentId: string | null; defaultLevel: RoleOrGuest }): RoleOrGuest {
    const inherited = space.parentId ? this.forCollection(space.parentId) : null
    const own = effectiveRole(
      this.organizationRole,
      [space.defaultLevel],
      this.spaceGrants.get(space.id) ?? []
    )
    return highestRole(inherited, own)
  }

  /**
   * Collections this caller has a role on.
   */
  visibleCollectionIds(): string[] {
    return [...this.byId.keys()].filter((id) => this.forCollection(id) !== null)
  }

  grantedSpaceIds(): string[] {
    return [...this.spaceGrants.keys()]
  }
}
