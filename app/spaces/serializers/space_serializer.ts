import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import SpacePolicy from '#spaces/policies/space_policy'
import type { SpaceAccess } from '#spaces/records'
import SpaceCountersService, { type SpaceCounters } from '#spaces/services/space_counters_service'

const policy = new SpacePolicy()

/**
 * GitBook's Space object for the caller described by `access`.
 */
export function serializeSpace(access: SpaceAccess, caller: User, counters: SpaceCounters) {
  const space = access.space
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    createdAt: space.createdAt.toISO()!,
    updatedAt: space.updatedAt.toISO()!,
    ...(space.deletedAt ? { deletedAt: space.deletedAt.toISO()! } : {}),
    editMode: space.editMode,
    mergeRules: space.mergeRules ?? { type: 'inherit' as const },
    urls: {
      location: urls.api(`/spaces/${space.id}`),
      app: urls.app(`/spaces/${space.id}`),
    },
    organization: space.organizationId,
    ...(space.parentId ? { parent: space.parentId } : {}),
    revision: space.revisionId,
    defaultLevel: space.defaultLevel,
    comments: counters.comments,
    changeRequests: counters.changeRequests,
    changeRequestsOpen: counters.changeRequestsOpen,
    changeRequestsDraft: counters.changeRequestsDraft,
    permissions: policy.permissions(caller, access),
  }
}

const counters = new SpaceCountersService()

/**
 * Spaces with their counters (one call to the counters service for the whole list).
 */
export async function presentSpaces(accesses: SpaceAccess[], caller: User) {
  const byId = await counters.countersFor(accesses.map((access) => access.space.id))
  return accesses.map((access) => serializeSpace(access, caller, byId.get(access.space.id)!))
}

export async function presentSpace(access: SpaceAccess, caller: User) {
  const [space] = await presentSpaces([access], caller)
  return space
}
