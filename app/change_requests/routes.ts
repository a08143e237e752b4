import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const c = {
  list: () => import('#change_requests/controllers/list_change_requests_controller'),
  create: () => import('#change_requests/controllers/create_change_request_controller'),
  show: () => import('#change_requests/controllers/show_change_request_controller'),
}

router
  .group(() => {
    const read = middleware.scope('space:read')
    const write = middleware.scope('space:write')
    router.get('/spaces/:spaceId/change-requests', [c.list]).use(read)
    router.post('/spaces/:spaceId/change-requests', [c.create]).use(write)
    router.get('/spaces/:spaceId/change-requests/:changeRequestId', [c.show]).use(read)
  })
  .prefix('/v1')
  .use(middleware.apiAuth())

/** Requested reviewers and reviews of change requests. */
const reviews = {
  listRequested: () => import('#change_requests/controllers/list_requested_reviewers_controller'),
  request: () => import('#change_requests/controllers/request_reviewers_controller'),
  removeRequested: () => import('#change_requests/controllers/remove_requested_reviewer_controller'),
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
