import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const c = {
  listLinks: () => import('#content/controllers/list_links_controller'),
  listFileBacklinks: () => import('#content/controllers/list_file_backlinks_controller'),
}

/**
 * Link listings of a space (`S`) or of a branch under it (the change requests domain registers
 * `S/change-requests/{id}`), inside an API route group (`/v1`, `apiAuth`).
 */
export function linkRoutes(prefix: string) {
  const read = middleware.scope('space:read')
  router.get(`${prefix}/links`, [c.listLinks]).use(read)
  router.get(`${prefix}/content/page/:pageId/links`, [c.listLinks]).use(read)
  router.get(`${prefix}/content/files/:fileId/backlinks`, [c.listFileBacklinks]).use(read)
}

router
  .group(() => linkRoutes('/spaces/:spaceId'))
  .prefix('/v1')
  .use(middleware.apiAuth())
