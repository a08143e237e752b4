import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

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

router
  .group(() => {
    const read = middleware.scope('space:read')
    const write = middleware.scope('space:write')
    const permissionsRead = middleware.scope('space:permissions:read')
    const permissionsWrite = middleware.scope('space:permissions:write')

    router.get('/orgs/:organizationId/spaces', [c.listOrgSpaces]).use(read)
    router.post('/orgs/:organizationId/spaces', [c.createSpace]).use(write)
    router.get('/spaces/:spaceId', [c.showSpace]).use(read)
    router.patch('/spaces/:spaceId', [c.updateSpace]).use(write)
    router.delete('/spaces/:spaceId', [c.deleteSpace]).use(write)
    router.post('/spaces/:spaceId/duplicate', [c.duplicateSpace]).use(write)
    router.post('/spaces/:spaceId/restore', [c.restoreSpace]).use(write)
    router.post('/spaces/:spaceId/move', [c.moveSpace]).use(write)
    router.post('/spaces/:spaceId/transfer', [c.transferSpace]).use(write)

    router.get('/orgs/:organizationId/collections', [c.listOrgCollections]).use(read)
    router.post('/orgs/:organizationId/collections', [c.createCollection]).use(write)
    router.get('/collections/:collectionId', [c.showCollection]).use(read)
    router.patch('/collections/:collectionId', [c.updateCollection]).use(write)
    router.delete('/collections/:collectionId', [c.deleteCollection]).use(write)
    router.get('/collections/:collectionId/spaces', [c.listCollectionSpaces]).use(read)
    router.post('/collections/:collectionId/move', [c.moveCollection]).use(write)
    router.post('/collections/:collectionId/transfer', [c.transferCollection]).use(write)

    router
      .get('/orgs/:organizationId/members/:userId/spaces', [c.listMemberSpaces])
      .use(middleware.scope('organization:members:read'))

    for (const base of ['/spaces/:spaceId', '/collections/:collectionId']) {
      router.post(`${base}/permissions`, [c.invite]).use(permissionsWrite)
      router.get(`${base}/permissions/users`, [c.listUserPermissions]).use(permissionsRead)
      router.get(`${base}/permissions/teams`, [c.listTeamPermissions]).use(permissionsRead)
      router.get(`${base}/permissions/aggregate`, [c.listAggregatePermissions]).use(permissionsRead)
      router
        .patch(`${base}/permissions/users/:userId`, [c.updateUserPermission])
        .use(permissionsWrite)
      router
        .delete(`${base}/permissions/users/:userId`, [c.removeUserPermission])
        .use(permissionsWrite)
      router
        .patch(`${base}/permissions/teams/:teamId`, [c.updateTeamPermission])
        .use(permissionsWrite)
      router
        .delete(`${base}/permissions/teams/:teamId`, [c.removeTeamPermission])
        .use(permissionsWrite)
    }
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
