import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { contentReadRoutes } from '#content/routes/reads'
import { linkRoutes } from '#content/routes/links'

const c = {
  list: () => import('#change_requests/controllers/list_change_requests_controller'),
  create: () => import('#change_requests/controllers/create_change_request_controller'),
  show: () => import('#change_requests/controllers/show_change_request_controller'),
  update: () => import('#change_requests/controllers/update_change_request_controller'),
  merge: () => import('#change_requests/controllers/merge_change_request_controller'),
  bringUpToDate: () =>
    import('#change_requests/controllers/bring_change_request_up_to_date_controller'),
  updateContent: () =>
    import('#change_requests/controllers/update_change_request_content_controller'),
  importContent: () =>
    import('#change_requests/controllers/import_change_request_content_controller'),
}

router
  .group(() => {
    const read = middleware.scope('space:read')
    const write = middleware.scope('space:write')
    router.get('/spaces/:spaceId/change-requests', [c.list]).use(read)
    router.post('/spaces/:spaceId/change-requests', [c.create]).use(write)
    router.get('/spaces/:spaceId/change-requests/:changeRequestId', [c.show]).use(read)
    router.patch('/spaces/:spaceId/change-requests/:changeRequestId', [c.update]).use(write)
    router
      .post('/spaces/:spaceId/change-requests/:changeRequestId/merge', [c.merge])
      .use(middleware.scope('change-request:merge'))
    router
      .post('/spaces/:spaceId/change-requests/:changeRequestId/update', [c.bringUpToDate])
      .use(write)

    // A change request's content: authoring batches and imports write its head; the content
    // domain's reads and link listings read it (ContentBranches resolves `changeRequestId`).
    const cr = '/spaces/:spaceId/change-requests/:changeRequestId'
    router.post(`${cr}/content`, [c.updateContent]).use(write)
    router.post(`${cr}/content/import`, [c.importContent]).use(write)
    contentReadRoutes(`${cr}/content`)
    linkRoutes(cr)
  })
  .prefix('/v1')
  .use(middleware.apiAuth())

// PDF export: the API hands out a signed URL (an hour, pinned to a revision); the URL streams the
// PDF with no token, as browsers open it.
const pdf = {
  url: () => import('#change_requests/controllers/pdf_url_controller'),
  download: () => import('#change_requests/controllers/download_pdf_controller'),
}
router
  .group(() => {
    const read = middleware.scope('space:read')
    router.get('/spaces/:spaceId/pdf', [pdf.url]).use(read)
    router.get('/spaces/:spaceId/change-requests/:changeRequestId/pdf', [pdf.url]).use(read)
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
// Outside /v1: it takes no token. The name is PdfExportService's PDF_ROUTE.
router
  .get('/pdf/spaces/:spaceId/revisions/:revisionId', [pdf.download])
  .as('change_requests.pdf.download')

/** Requested reviewers and reviews of change requests. */
const reviews = {
  listRequested: () => import('#change_requests/controllers/list_requested_reviewers_controller'),
  request: () => import('#change_requests/controllers/request_reviewers_controller'),
  removeRequested: () =>
    import('#change_requests/controllers/remove_requested_reviewer_controller'),
  list: () => import('#change_requests/controllers/list_reviews_controller'),
  submit: () => import('#change_requests/controllers/submit_review_controller'),
  show: () => import('#change_requests/controllers/show_review_controller'),
}

router
  .group(() => {
    const read = middleware.scope('space:read')
    const write = middleware.scope('space:write')
    const cr = '/spaces/:spaceId/change-requests/:changeRequestId'
    router.get(`${cr}/requested-reviewers`, [reviews.listRequested]).use(read)
    router.post(`${cr}/requested-reviewers`, [reviews.request]).use(write)
    router.delete(`${cr}/requested-reviewers/:userId`, [reviews.removeRequested]).use(write)
    router.get(`${cr}/reviews`, [reviews.list]).use(read)
    router.post(`${cr}/reviews`, [reviews.submit]).use(write)
    router.get(`${cr}/reviews/:reviewId`, [reviews.show]).use(read)
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
