import type User from '#accounts/models/user'
import SpacePolicy from '#spaces/policies/space_policy'
import CollectionPolicy from '#spaces/policies/collection_policy'
import type { CollectionAccess, SpaceAccess } from '#spaces/records'
import type { Role, RoleOrGuest } from '#core/roles'
import type { UserRecord } from '#accounts/serializers/user_serializer'
import type { TeamRecord } from '#organizations/services/team_service'
import { shownEmoji } from '#console/serializers/emoji'

/**
 * A collection or a space of an organization's tree, nested.
 */
export type SpaceTreeNode =
  | {
      type: 'collection'
      id: string
      title: string
      defaultLevel: RoleOrGuest
      role: Role
      children: SpaceTreeNode[]
    }
  | {
      type: 'space'
      id: string
      title: string
      emoji: string | null
      visibility: string
      editMode: string
      role: Role
    }

const spacePolicy = new SpacePolicy()
const collectionPolicy = new CollectionPolicy()

/**
 * What spaces and collections have in common, with the caller's effective role.
 */
function contentRecordProps(
  record: { id: string; title: string; defaultLevel: RoleOrGuest } & Record<
    'createdAt' | 'updatedAt',
    { toISO(): string | null }
  >,
  role: Role
) {
  return {
    id: record.id,
    title: record.title,
    defaultLevel: record.defaultLevel,
    createdAt: record.createdAt.toISO()!,
    updatedAt: record.updatedAt.toISO()!,
    role,
  }
}

export function spaceProps({ space, role }: SpaceAccess) {
  const { emoji, visibility, editMode } = space
  return { ...contentRecordProps(space, role), emoji: shownEmoji(emoji), visibility, editMode }
}

export function collectionProps({ collection, role }: CollectionAccess) {
  return { ...contentRecordProps(collection, role), description: collection.description }
}

export function canManageSpace(user: User, access: SpaceAccess): boolean {
  return spacePolicy.admin(user, access)
}

export function canManageCollection(user: User, access: CollectionAccess): boolean {
  return collectionPolicy.admin(user, access)
}

export function canCreateInCollection(user: User, access: CollectionAccess): boolean {
  return collectionPolicy.create(user, access)
}

/**
 * Spaces and collections of an organization as nested nodes: each parent's children in their
 * shared order (`position`, then id, as the API lists them). A record whose collection the user
 * cannot see (a guest's shared space) is shown at the top level.
 */
export function spaceTree(collections: CollectionAccess[], spaces: SpaceAccess[]): SpaceTreeNode[] {
  const visible = new Set(collections.map((access) => access.collection.id))
  const byParent = new Map<string | null, { position: number; id: string; node: SpaceTreeNode }[]>()
  const nodes = new Map<string, SpaceTreeNode & { type: 'collection' }>()
  const place = (parentId: string | null, position: number, id: string, node: SpaceTreeNode) => {
    const key = parentId !== null && visible.has(parentId) ? parentId : null
    const list = byParent.get(key) ?? []
    list.push({ position, id, node })
    byParent.set(key, list)
  }
  for (const { collection, role } of collections) {
    const node: SpaceTreeNode & { type: 'collection' } = {
      type: 'collection',
      id: collection.id,
      title: collection.title,
      defaultLevel: collection.defaultLevel,
      role,
      children: [],
    }
    nodes.set(collection.id, node)
    place(collection.parentId, collection.position, collection.id, node)
  }
  for (const { space, role } of spaces) {
    place(space.parentId, space.position, space.id, {
      type: 'space',
      id: space.id,
      title: space.title,
      emoji: shownEmoji(space.emoji),
      visibility: space.visibility,
      editMode: space.editMode,
      role,
    })
  }
  const ordered = (parentId: string | null) =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(({ node }) => node)
  for (const [id, node] of nodes) node.children = ordered(id)
  return ordered(null)
}

/**
 * The first page of grants on a space or collection, to users and to teams.
 */
export function grantsProps(
  users: { items: { permission: Role; user: UserRecord }[]; count: number },
  teams: { items: { permission: Role; team: TeamRecord | undefined }[]; count: number }
) {
  return {
    users: users.items.map(({ permission, user }) => ({
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: permission,
    })),
    teams: teams.items
      .filter((item) => item.team !== undefined)
      .map(({ permission, team }) => ({ id: team!.id, title: team!.title, role: permission })),
    userCount: users.count,
    teamCount: teams.count,
  }
}
