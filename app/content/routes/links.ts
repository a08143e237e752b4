import { apiRoutes, type ApiRoute } from '#core/http/api_routes'

const c = {
  listLinks: () => import('#content/controllers/list_links_controller'),
  listFileBacklinks: () => import('#content/controllers/list_file_backlinks_controller'),
}

/**
 * Link listings of a space (`S`) or of a branch under it (the change requests domain registers
 * `S/change-requests/{id}`), for apiRoutes.
 */
export function linkRoutes(prefix: string): ApiRoute[] {
  return [
    ['get', `${prefix}/links`, c.listLinks, 'space:read'],
    ['get', `${prefix}/content/page/:pageId/links`, c.listLinks, 'space:read'],
    ['get', `${prefix}/content/files/:fileId/backlinks`, c.listFileBacklinks, 'space:read'],
  ]
}

apiRoutes(linkRoutes('/spaces/:spaceId'))
