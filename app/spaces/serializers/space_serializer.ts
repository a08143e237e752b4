import app from '@adonisjs/core/services/app'
import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import SpacePolicy from '#spaces/policies/space_policy'
import type { SpaceAccess } from '#spaces/records'
import { SpaceDependents } from '#spaces/contracts/space_dependents'
import SpaceCountersService, { type SpaceCounters } from '#spaces/services/space_counters_service'

const policy = new SpacePolicy()

/**
 * GitBook's Space object for the caller described by `access`.
 */
export function serializeSpace(
  access: SpaceAccess,
  caller: User,
  counters: SpaceCounters,
  published?: string
) {
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
      ...(published ? { published } : {}),
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
 * Spaces with their counters and published URLs (one call each for the whole list).
 */
export async function presentSpaces(accesses: SpaceAccess[], caller: User) {
  const ids = accesses.map((access) => access.space.id)
  const dependents = await app.container.make(SpaceDependents)
  const [byId, published] = await Promise.all([
    counters.countersFor(ids),
    dependents.publishedUrls(ids),
  ])
  return accesses.map((access) =>
    serializeSpace(access, caller, byId.get(access.space.id)!, published.get(access.space.id))
  )
}

export async function presentSpace(access: SpaceAccess, caller: User) {
  const [space] = await presentSpaces([access], caller)
  return space
}
