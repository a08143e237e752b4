import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import CollectionPolicy from '#spaces/policies/collection_policy'
import type { CollectionAccess } from '#spaces/records'

const policy = new CollectionPolicy()

/**
 * GitBook's Collection object for the caller described by `access`.
 */
export function serializeCollection(access: CollectionAccess, caller: User) {
  const collection = access.collection
  return {
    object: 'collection' as const,
    id: collection.id,
    title: collection.title,
    ...(collection.description !== null ? { description: collection.description } : {}),
    organization: collection.organizationId,
    ...(collection.parentId ? { parent: collection.parentId } : {}),
    defaultLevel: collection.defaultLevel,
    urls: {
      location: urls.api(`/collections/${collection.id}`),
      app: urls.app(`/collections/${collection.id}`),
    },
    permissions: policy.permissions(caller, access),
  }
}
