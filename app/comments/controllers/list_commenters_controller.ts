import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import MemberService from '#organizations/services/member_service'
import { serializeMember } from '#organizations/serializers/member_serializer'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentController from '#comments/controllers/comment_controller'

/**
 * GET S/commenters and CR/commenters — readers of the space: the organization's members who
 * commented or replied in that context, as Member records.
 */
@inject()
export default class ListCommentersController extends CommentController {
  constructor(
    comments: CommentService,
    presenter: CommentPresenter,
    private members: MemberService
  ) {
    super(comments, presenter)
  }

  async handle(ctx: HttpContext) {
    const { context } = await this.open(ctx, 'view')
    const query = await ctx.request.validateQuery(listQueryValidator)
    const page = await this.members.list(context.access.space.organizationId, query, {
      among: this.comments.commentersQuery(context),
    })
    return listEnvelope(page.items.map(serializeMember), page.count, page.next)
  }
}
