import router from '@adonisjs/core/services/router'
import env from '#start/env'
import { apiRoutes, type ApiRoute } from '#core/http/api_routes'

const c = {
  listOrgSpaces: () => import('#spaces/controllers/list_organization_spaces_controller'),
  createSpace: () => import('#spaces/controllers/create_space_controller'),
  showSpace: () => import('#spaces/controllers/show_space_controller'),
  updateSpace: () => import('#spaces/controllers/update_space_controller'),
  deleteSpace: () => import('#spaces/controllers/delete_space_controller'),
  duplicateSpace: () => import('#spaces/controllers/duplicate_space_controller'),
  restoreSpace: () => import('#spaces/controllers/restore_space_controller'),
  moveSpace: () => import('#spaces/controllers/move_space_controller'),
  transferSpace: () => import('#spaces/controllers/transfer_space_controller'),
  listOrgCollections: () => import('#spaces/controllers/list_organization_collections_controller'),
  createCollection: () => import('#spaces/controllers/create_collection_controller'),
  showCollection: () => import('#spaces/controllers/show_collection_controller'),
  updateCollection: () => import('#spaces/controllers/update_collection_controller'),
  deleteCollection: () => import('#spaces/controllers/delete_collection_controller'),
  listCollectionSpaces: () => import('#spaces/controllers/list_collection_spaces_controller'),
  moveCollection: () => import('#spaces/controllers/move_collection_controller'),
  transferCollection: () => import('#spaces/controllers/transfer_collection_controller'),
  listMemberSpaces: () => import('#spaces/controllers/list_member_spaces_controller'),
  invite: () => import('#spaces/controllers/invite_controller'),
  listUserPermissions: () => import('#spaces/controllers/list_user_permissions_controller'),
  listAggregatePermissions: () =>
    import('#spaces/controllers/list_aggregate_permissions_controller'),
  listTeamPermissions: () => import('#spaces/controllers/list_team_permissions_controller'),
  updateUserPermission: () => import('#spaces/controllers/update_user_permission_controller'),
  removeUserPermission: () => import('#spaces/controllers/remove_user_permission_controller'),
  updateTeamPermission: () => import('#spaces/controllers/update_team_permission_controller'),
  removeTeamPermission: () => import('#spaces/controllers/remove_team_permission_controller'),
}

const permissionsRead = 'space:permissions:read'
const permissionsWrite = 'space:permissions:write'

apiRoutes([
  ['get', '/orgs/:organizationId/spaces', c.listOrgSpaces, 'space:read'],
  ['post', '/orgs/:organizationId/spaces', c.createSpace, 'space:write'],
  ['get', '/spaces/:spaceId', c.showSpace, 'space:read'],
  ['patch', '/spaces/:spaceId', c.updateSpace, 'space:write'],
  ['delete', '/spaces/:spaceId', c.deleteSpace, 'space:write'],
  ['post', '/spaces/:spaceId/duplicate', c.duplicateSpace, 'space:write'],
  ['post', '/spaces/:spaceId/restore', c.restoreSpace, 'space:write'],
  ['post', '/spaces/:spaceId/move', c.moveSpace, 'space:write'],
  ['post', '/spaces/:spaceId/transfer', c.transferSpace, 'space:write'],

  ['get', '/orgs/:organizationId/collections', c.listOrgCollections, 'space:read'],
  ['post', '/orgs/:organizationId/collections', c.createCollection, 'space:write'],
  ['get', '/collections/:collectionId', c.showCollection, 'space:read'],
  ['patch', '/collections/:collectionId', c.updateCollection, 'space:write'],
  ['delete', '/collections/:collectionId', c.deleteCollection, 'space:write'],
  ['get', '/collections/:collectionId/spaces', c.listCollectionSpaces, 'space:read'],
  ['post', '/collections/:collectionId/move', c.moveCollection, 'space:write'],
  ['post', '/collections/:collectionId/transfer', c.transferCollection, 'space:write'],

  [
    'get',
    '/orgs/:organizationId/members/:userId/spaces',
    c.listMemberSpaces,
    'organization:members:read',
  ],

  // The same permission operations on a space and on a collection.
  ...['/spaces/:spaceId', '/collections/:collectionId'].flatMap(
    (base) =>
      [
        ['post', `${base}/permissions`, c.invite, permissionsWrite],
        ['get', `${base}/permissions/users`, c.listUserPermissions, permissionsRead],
        ['get', `${base}/permissions/teams`, c.listTeamPermissions, permissionsRead],
        ['get', `${base}/permissions/aggregate`, c.listAggregatePermissions, permissionsRead],
        ['patch', `${base}/permissions/users/:userId`, c.updateUserPermission, permissionsWrite],
        ['delete', `${base}/permissions/users/:userId`, c.removeUserPermission, permissionsWrite],
        ['patch', `${base}/permissions/teams/:teamId`, c.updateTeamPermission, permissionsWrite],
        ['delete', `${base}/permissions/teams/:teamId`, c.removeTeamPermission, permissionsWrite],
      ] satisfies ApiRoute[]
  ),
])

/**
 * `npm run bench` compares GET /v1/spaces/{id} with the plainest way to read a space: one Lucid
 * `Space.find`, no token, no access check. Only when BENCH_ROUTES=true (the bench's server); never
 * served otherwise.
 */
if (env.get('BENCH_ROUTES')) {
  router.get('/bench/lucid-find/spaces/:id', async ({ params, response }) => {
    const { default: Space } = await import('#spaces/models/space')
    const space = await Space.find(params.id)
    return space ? space.serialize() : response.notFound({ error: { code: 404, message: 'none' } })
  })
}
