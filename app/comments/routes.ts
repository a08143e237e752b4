import { apiRoutes, type ApiRoute } from '#core/http/api_routes'

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

// The same operations on a space's own discussions and on a change request's.
apiRoutes(
  ['/spaces/:spaceId', '/spaces/:spaceId/change-requests/:changeRequestId'].flatMap((scope) => {
    const comment = `${scope}/comments/:commentId`
    const reply = `${comment}/replies/:commentReplyId`
    return [
      ['get', `${scope}/comments`, c.list, 'space:read'],
      ['post', `${scope}/comments`, c.post, 'space:write'],
      ['get', comment, c.show, 'space:read'],
      ['put', comment, c.update, 'space:write'],
      ['delete', comment, c.delete, 'space:write'],
      ['get', `${comment}/replies`, c.listReplies, 'space:read'],
      ['post', `${comment}/replies`, c.postReply, 'space:write'],
      ['get', reply, c.showReply, 'space:read'],
      ['put', reply, c.updateReply, 'space:write'],
      ['delete', reply, c.deleteReply, 'space:write'],
      ['get', `${scope}/commenters`, c.commenters, 'space:read'],
    ] satisfies ApiRoute[]
  })
)
