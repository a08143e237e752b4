import { apiRoutes, type ApiRoute } from '#core/http/api_routes'

/**
 * Content reads: the same endpoints on the space's current revision (`S/content`) and on any
 * revision (`S/revisions/{id}`); the change requests domain registers them on a change request's
 * head (`S/change-requests/{id}/content`). GitBook names the single-revision reads `.../content/...`
 * for the first and `.../revisions/{id}/...` for the second; the controllers tell the targets apart
 * by their route parameters.
 */
const c = {
  showRevision: () => import('#content/controllers/show_revision_controller'),
  listPages: () => import('#content/controllers/list_pages_controller'),
  listFiles: () => import('#content/controllers/list_files_controller'),
  showFile: () => import('#content/controllers/show_file_controller'),
  showPage: () => import('#content/controllers/show_page_controller'),
  showPageMetaLinks: () => import('#content/controllers/show_page_meta_links_controller'),
  showReusableContent: () => import('#content/controllers/show_reusable_content_controller'),
}

/**
 * The read routes of one target, for apiRoutes.
 */
export function contentReadRoutes(target: string): ApiRoute[] {
  return [
    ['get', target, c.showRevision, 'space:read'],
    ['get', `${target}/pages`, c.listPages, 'space:read'],
    ['get', `${target}/files`, c.listFiles, 'space:read'],
    ['get', `${target}/files/:fileId`, c.showFile, 'space:read'],
    ['get', `${target}/page/:pageId`, c.showPage, 'space:read'],
    ['get', `${target}/page/:pageId/meta-links`, c.showPageMetaLinks, 'space:read'],
    ['get', `${target}/path/*`, c.showPage, 'space:read'],
    ['get', `${target}/reusable-contents/:reusableContentId`, c.showReusableContent, 'space:read'],
  ]
}

apiRoutes([
  ...contentReadRoutes('/spaces/:spaceId/content'),
  ...contentReadRoutes('/spaces/:spaceId/revisions/:revisionId'),
])
