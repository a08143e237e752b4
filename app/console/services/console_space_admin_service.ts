import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import { MAX_PAGE_SIZE } from '#core/http/pagination'
import { roleAtLeast } from '#core/roles'
import MemberService from '#organizations/services/member_service'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import SpacePolicy from '#spaces/policies/space_policy'
import CollectionPolicy from '#spaces/policies/collection_policy'
import type { CollectionAccess, SpaceAccess } from '#spaces/records'
import ConsoleSpacesService from '#console/services/console_spaces_service'
import type { SpaceTreeNode } from '#console/serializers/space_props'

const spacePolicy = new SpacePolicy()
const collectionPolicy = new CollectionPolicy()

/**
 * A sibling a moved record can be placed before or after.
 */
export type SiblingProps = { type: 'space' | 'collection'; id: string; title: string }

/**
 * Where a space or collection can move: the top level (id null) or a collection, with what is
 * already there.
 */
export type DestinationProps = { id: string | null; title: string; children: SiblingProps[] }

/**
 * What the admins' forms of a space's or collection's page offer, read through the domains'
 * services and policies: the members and teams a role can be granted to, the places the record can
 * move to (the top level and the collections where the admin may create), and the other
 * organizations it can be transferred to (those the admin also administers, when the policy lets
 * them transfer). The services check every choice again when the form is sent.
 */
@inject()
export default class ConsoleSpaceAdminService {
  constructor(
    private spaces: ConsoleSpacesService,
    private members: MemberService,
    private teams: TeamService,
    private organizations: OrganizationService
  ) {}

  forSpace(user: User, access: SpaceAccess) {
    const { space } = access
    return this.options(user, { type: 'space', id: space.id }, space.organizationId, {
      canTransfer: spacePolicy.transfer(user, access) === true,
    })
  }

  forCollection(user: User, access: CollectionAccess) {
    const { collection } = access
    return this.options(
      user,
      { type: 'collection', id: collection.id },
      collection.organizationId,
      { canTransfer: collectionPolicy.transfer(user, access) === true }
    )
  }

  private async options(
    user: User,
    record: { type: 'space' | 'collection'; id: string },
    organizationId: string,
    { canTransfer }: { canTransfer: boolean }
  ) {
    const organization = await this.organizations.accessFor(user, organizationId)
    const [members, teams, tree, organizations] = await Promise.all([
      this.members.list(organizationId, { limit: MAX_PAGE_SIZE }),
      this.teams.list(user, organization, { limit: MAX_PAGE_SIZE }),
      this.spaces.tree(user, organizationId),
      canTransfer ? this.organizations.listForUser(user, { limit: MAX_PAGE_SIZE }) : null,
    ])
    const creatable = new Set(
      tree.collections
        .filter((collection) => collectionPolicy.create(user, collection))
        .map(({ collection }) => collection.id)
    )
    const destinations: DestinationProps[] = []
    if (roleAtLeast(organization.role, 'create')) {
      destinations.push({ id: null, title: 'Top level', children: siblings(tree.nodes, record) })
    }
    collectDestinations(tree.nodes, record, creatable, destinations)
    return {
      members: members.items
        .filter((member) => !member.disabled)
        .map((member) => ({
          id: member.userId,
          label: member.user.displayName
            ? `${member.user.displayName} (${member.user.email})`
            : member.user.email,
        })),
      teams: teams.items.map((team) => ({ id: team.id, label: team.title })),
      destinations,
      organizations: (organizations?.items ?? [])
        .filter((other) => other.organization.id !== organizationId)
        .filter((other) => roleAtLeast(other.role, 'admin'))
        .map((other) => ({ id: other.organization.id, title: other.organization.title })),
    }
  }
}

/**
 * The nodes of one parent other than the record itself, as siblings.
 */
function siblings(nodes: SpaceTreeNode[], record: { id: string }): SiblingProps[] {
  return nodes
    .filter((node) => node.id !== record.id)
    .map((node) => ({ type: node.type, id: node.id, title: node.title }))
}

/**
 * Every collection under `nodes` the user may create in, depth first, in tree order; a moved
 * collection's own subtree is left out (it cannot move into itself).
 */
function collectDestinations(
  nodes: SpaceTreeNode[],
  record: { type: 'space' | 'collection'; id: string },
  creatable: Set<string>,
  into: DestinationProps[],
  path: string[] = []
) {
  for (const node of nodes) {
    if (node.type !== 'collection') continue
    if (record.type === 'collection' && node.id === record.id) continue
    const title = [...path, node.title].join(' / ')
    if (creatable.has(node.id)) {
      into.push({ id: node.id, title, children: siblings(node.children, record) })
    }
    collectDestinations(node.children, record, creatable, into, [...path, node.title])
  }
}
