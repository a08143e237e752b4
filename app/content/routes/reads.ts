import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

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
  showReusableContent: () => import('#content/controllers/show_reusable_content_controller'),
}

/**
 * The read routes of one target, inside an API route group (`/v1`, `apiAuth`).
 */
export function contentReadRoutes(target: string) {
  const read = middleware.scope('space:read')
  router.get(target, [c.showRevision]).use(read)
  router.get(`${target}/pages`, [c.listPages]).use(read)
  router.get(`${target}/files`, [c.listFiles]).use(read)
  router.get(`${target}/files/:fileId`, [c.showFile]).use(read)
  router.get(`${target}/page/:pageId`, [c.showPage]).use(read)
  router.get(`${target}/path/*`, [c.showPage]).use(read)
  router.get(`${target}/reusable-contents/:reusableContentId`, [c.showReusableContent]).use(read)
}

router
  .group(() => {
    contentReadRoutes('/spaces/:spaceId/content')
    contentReadRoutes('/spaces/:spaceId/revisions/:revisionId')
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
