import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

/**
 * Content reads: the same endpoints on the space's current revision (`S/content`), on a change
 * request's head (`S/change-requests/{id}/content`) and on any revision (`S/revisions/{id}`).
 * GitBook names the single-revision reads `.../content/...` for the first two and `.../revisions/
 * {id}/...` for the third; the controllers tell the targets apart by their route parameters.
 */
const c = {
  showRevision: () => import('#content/controllers/show_revision_controller'),
  listPages: () => import('#content/controllers/list_pages_controller'),
  listFiles: () => import('#content/controllers/list_files_controller'),
  showFile: () => import('#content/controllers/show_file_controller'),
  showPage: () => import('#content/controllers/show_page_controller'),
  showReusableContent: () => import('#content/controllers/show_reusable_content_controller'),
}

const TARGETS = [
  '/spaces/:spaceId/content',
  '/spaces/:spaceId/change-requests/:changeRequestId/content',
  '/spaces/:spaceId/revisions/:revisionId',
]

router
  .group(() => {
    const read = middleware.scope('space:read')
    for (const target of TARGETS) {
      router.get(target, [c.showRevision]).use(read)
      router.get(`${target}/pages`, [c.listPages]).use(read)
      router.get(`${target}/files`, [c.listFiles]).use(read)
      router.get(`${target}/files/:fileId`, [c.showFile]).use(read)
      router.get(`${target}/page/:pageId`, [c.showPage]).use(read)
      router.get(`${target}/path/*`, [c.showPage]).use(read)
      router
        .get(`${target}/reusable-contents/:reusableContentId`, [c.showReusableContent])
        .use(read)
    }
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
