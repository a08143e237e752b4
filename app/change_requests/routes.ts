import router from '@adonisjs/core/services/router'
import { apiRoutes } from '#core/http/api_routes'
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

const cr = '/spaces/:spaceId/change-requests/:changeRequestId'
apiRoutes([
  ['get', '/spaces/:spaceId/change-requests', c.list, 'space:read'],
  ['post', '/spaces/:spaceId/change-requests', c.create, 'space:write'],
  ['get', cr, c.show, 'space:read'],
  ['patch', cr, c.update, 'space:write'],
  ['post', `${cr}/merge`, c.merge, 'change-request:merge'],
  ['post', `${cr}/update`, c.bringUpToDate, 'space:write'],
  // A change request's content: authoring batches and imports write its head; the content
  // domain's reads and link listings read it (ContentBranches resolves `changeRequestId`).
  // Up to 50 changes of pages (1,000,000 characters each) and inline files: 10 MB.
  ['post', `${cr}/content`, c.updateContent, 'space:write', '10mb'],
  ['post', `${cr}/content/import`, c.importContent, 'space:write', '10mb'],
  ...contentReadRoutes(`${cr}/content`),
  ...linkRoutes(cr),
])

// PDF export: the API hands out a signed URL (an hour, pinned to a revision); the URL streams the
// PDF with no token, as browsers open it.
const pdf = {
  url: () => import('#change_requests/controllers/pdf_url_controller'),
  download: () => import('#change_requests/controllers/download_pdf_controller'),
}
apiRoutes([
  ['get', '/spaces/:spaceId/pdf', pdf.url, 'space:read'],
  ['get', `${cr}/pdf`, pdf.url, 'space:read'],
])
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

apiRoutes([
  ['get', `${cr}/requested-reviewers`, reviews.listRequested, 'space:read'],
  ['post', `${cr}/requested-reviewers`, reviews.request, 'space:write'],
  ['delete', `${cr}/requested-reviewers/:userId`, reviews.removeRequested, 'space:write'],
  ['get', `${cr}/reviews`, reviews.list, 'space:read'],
  ['post', `${cr}/reviews`, reviews.submit, 'space:write'],
  ['get', `${cr}/reviews/:reviewId`, reviews.show, 'space:read'],
])
