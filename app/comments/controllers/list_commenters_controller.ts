import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import MemberService from '#organizations/services/member_service'
import { serializeMember } from '#organizations/serializers/member_serializer'
import CommentService from '#comments/services/comment_service'
import CommentPolicy from '#comments/policies/comment_policy'

/**
 * GET S/commenters and CR/commenters — readers of the space: the organization's members who
 * commented or replied in that context, as Member records.
 */
@inject()
export default class ListCommentersController {
  constructor(
    private comments: CommentService,
    private members: MemberService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    await bouncer.with(CommentPolicy).authorize('view', context.access)
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.members.list(context.access.space.organizationId, query, {
      among: this.comments.commentersQuery(context),
    })
    return listEnvelope(page.items.map(serializeMember), page.count, page.next)
  }
}
