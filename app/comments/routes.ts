import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const c = {
  list: () => import('#comments/controllers/list_comments_controller'),
  post: () => import('#comments/controllers/post_comment_controller'),
  show: () => import('#comments/controllers/show_comment_controller'),
  update: () => import('#comments/controllers/update_comment_controller'),
  delete: () => import('#comments/controllers/delete_comment_controller'),
  listReplies: () => import('#comments/controllers/list_replies_controller'),
  postReply: () => import('#comments/controllers/post_reply_controller'),
  showReply: () => import('#comments/controllers/show_reply_controller'),
  updateReply: () => import('#comments/controllers/update_reply_controller'),
  deleteReply: () => import('#comments/controllers/delete_reply_controller'),
  commenters: () => import('#comments/controllers/list_commenters_controller'),
}

router
  .group(() => {
    const read = middleware.scope('space:read')
    const write = middleware.scope('space:write')
    // The same operations on a space's own discussions and on a change request's.
    for (const scope of ['/spaces/:spaceId', '/spaces/:spaceId/change-requests/:changeRequestId']) {
      const comment = `${scope}/comments/:commentId`
      const reply = `${comment}/replies/:commentReplyId`
      router.get(`${scope}/comments`, [c.list]).use(read)
      router.post(`${scope}/comments`, [c.post]).use(write)
      router.get(comment, [c.show]).use(read)
      router.put(comment, [c.update]).use(write)
      router.delete(comment, [c.delete]).use(write)
      router.get(`${comment}/replies`, [c.listReplies]).use(read)
      router.post(`${comment}/replies`, [c.postReply]).use(write)
      router.get(reply, [c.showReply]).use(read)
      router.put(reply, [c.updateReply]).use(write)
      router.delete(reply, [c.deleteReply]).use(write)
      router.get(`${scope}/commenters`, [c.commenters]).use(read)
    }
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
