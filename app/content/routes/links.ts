import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const c = {
  listLinks: () => import('#content/controllers/list_links_controller'),
  listFileBacklinks: () => import('#content/controllers/list_file_backlinks_controller'),
}

router
  .group(() => {
    const read = middleware.scope('space:read')
    const S = '/spaces/:spaceId'
    const CR = '/spaces/:spaceId/change-requests/:changeRequestId'
    for (const prefix of [S, CR]) {
      router.get(`${prefix}/links`, [c.listLinks]).use(read)
      router.get(`${prefix}/content/page/:pageId/links`, [c.listLinks]).use(read)
      router.get(`${prefix}/content/files/:fileId/backlinks`, [c.listFileBacklinks]).use(read)
    }
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
