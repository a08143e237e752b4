import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { singleValuedQuery } from '#core/http/validation'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'
import ContentReadService, { targetOf } from '#content/services/content_read_service'
import { flagValue, revisionQueryValidator } from '#content/validators/content_read_validators'
import { serializeRevision } from '#content/serializers/revision_serializer'

/**
 * GET /v1/spaces/{spaceId}/content, .../change-requests/{changeRequestId}/content and
 * .../revisions/{revisionId}: the whole revision (pages tree, files, reusable contents).
 */
@inject()
export default class ShowRevisionController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateUsing(revisionQueryValidator, {
      data: singleValuedQuery(request.qs()),
    })
    const { access, tree, changeRequest } = await this.reads.resolve(
      user.id,
      params.spaceId,
      targetOf(params)
    )
    const merged = await this.reads.mergedFrom(db.connection(), tree)
    return serializeRevision(tree, {
      metadata: flagValue(query.metadata, true),
      changeRequest: changeRequest?.id,
      mergedFrom: merged ? presentChangeRequest(merged, access, user) : undefined,
    })
  }
}
