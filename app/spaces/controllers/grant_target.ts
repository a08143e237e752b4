import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpacePolicy from '#spaces/policies/space_policy'
import CollectionPolicy from '#spaces/policies/collection_policy'
import type { GrantTarget } from '#spaces/services/grant_service'

/**
 * The space or collection named by the route (`:spaceId` or `:collectionId`) of a permission
 * operation, authorized for `action`: `view` lists grants, `manage` (admins) changes them.
 */
export async function grantTarget(
  { auth, bouncer, params }: HttpContext,
  action: 'view' | 'manage'
): Promise<GrantTarget> {
  const user = auth.getUserOrFail()
  const access = await app.container.make(SpaceAccessService)
  if (params.spaceId !== undefined) {
    const space = await access.spaceFor(user.id, params.spaceId)
    if (action === 'manage') await bouncer.with(SpacePolicy).authorize('manage', space)
    return targetOf('space', space.space)
  }
  const collection = await access.collectionFor(user.id, params.collectionId)
  if (action === 'manage') await bouncer.with(CollectionPolicy).authorize('manage', collection)
  return targetOf('collection', collection.collection)
}

function targetOf(kind: GrantTarget['kind'], record: Omit<GrantTarget, 'kind'>): GrantTarget {
  const { id, organizationId, parentId, defaultLevel } = record
  return { kind, id, organizationId, parentId, defaultLevel }
}
