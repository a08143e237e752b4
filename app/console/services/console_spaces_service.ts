import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import { MAX_PAGE_SIZE, type ListEnvelope } from '#core/http/pagination'
import CollectionService from '#spaces/services/collection_service'
import SpaceService from '#spaces/services/space_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import GrantService, { type GrantTarget } from '#spaces/services/grant_service'
import type { CollectionAccess, SpaceAccess } from '#spaces/records'
import OrganizationService from '#organizations/services/organization_service'
import { grantsProps, spaceTree, type SpaceTreeNode } from '#console/serializers/space_props'
import { organizationHeader } from '#console/serializers/administration_props'

/**
 * GRANTS_SHOWN grants of each kind are listed on a space or collection page; the count says how
 * many there are in all.
 */
const GRANTS_SHOWN = 100

/**
 * What the console's space pages read, through the spaces domain's services (the same visibility
 * rules as the API): an organization's whole tree as the user sees it, a record's parent and grants.
 */
@inject()
export default class ConsoleSpacesService {
  constructor(
    private collections: CollectionService,
    private spaces: SpaceService,
    private access: SpaceAccessService,
    private grants: GrantService,
    private organizations: OrganizationService
  ) {}

  /**
   * What a space's or collection's page shows around it: its organization, its parent and the
   * first grants on it.
   */
  async surroundings(user: User, target: GrantTarget) {
    const [organization, parent, grants] = await Promise.all([
      this.organizations.accessFor(user, target.organizationId),
      this.parent(user, target.parentId),
      this.grantsOn(user, target),
    ])
    return { organization: organizationHeader(user, organization), parent, grants }
  }

  /**
   * Every collection and space of the organization the user sees (all pages of the services'
   * keyset lists), nested. Non-members get the services' 404.
   */
  async tree(user: User, organizationId: string) {
    const collections = await allPages((query) =>
      this.collections.listInOrganization(user, organizationId, query)
    )
    const spaces = await allPages((query) =>
      this.spaces.listInOrganization(user, organizationId, query)
    )
    return { collections, nodes: spaceTree(collections, spaces) }
  }

  /**
   * The children of one collection, as nested as the whole tree.
   */
  async childrenOf(user: User, access: CollectionAccess): Promise<SpaceTreeNode[]> {
    const { nodes } = await this.tree(user, access.collection.organizationId)
    return findCollection(nodes, access.collection.id)?.children ?? []
  }

  /**
   * The parent collection; its title stays hidden from a user who cannot see it (a guest's shared
   * space inside a collection that is not shared with them).
   */
  async parent(user: User, parentId: string | null) {
    if (parentId === null) return null
    const parent = await this.access.collectionFor(user.id, parentId).catch(() => undefined)
    return { id: parentId, title: parent?.collection.title ?? null }
  }

  async grantsOn(user: User, target: GrantTarget) {
    const [users, teams] = await Promise.all([
      this.grants.listUsers(target, { limit: GRANTS_SHOWN }),
      this.grants.listTeams(user, target, { limit: GRANTS_SHOWN }),
    ])
    return grantsProps(users, teams)
  }
}

export function spaceTarget({ space }: SpaceAccess): GrantTarget {
  return {
    kind: 'space',
    id: space.id,
    organizationId: space.organizationId,
    parentId: space.parentId,
    defaultLevel: space.defaultLevel,
  }
}

export function collectionTarget({ collection }: CollectionAccess): GrantTarget {
  return {
    kind: 'collection',
    id: collection.id,
    organizationId: collection.organizationId,
    parentId: collection.parentId,
    defaultLevel: collection.defaultLevel,
  }
}

/**
 * Every item of a keyset list, read a page of MAX_PAGE_SIZE at a time.
 */
async function allPages<T>(
  list: (query: { page?: string; limit: number }) => Promise<ListEnvelope<T>>
): Promise<T[]> {
  const items: T[] = []
  let page: string | undefined
  do {
    const result = await list({ page, limit: MAX_PAGE_SIZE })
    items.push(...result.items)
    page = result.next?.page
  } while (page)
  return items
}

function findCollection(
  nodes: SpaceTreeNode[],
  id: string
): (SpaceTreeNode & { type: 'collection' }) | undefined {
  for (const node of nodes) {
    if (node.type !== 'collection') continue
    if (node.id === id) return node
    const found = findCollection(node.children, id)
    if (found) return found
  }
  return undefined
}
