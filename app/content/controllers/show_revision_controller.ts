import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { ContentBranches } from '#content/contracts/content_branches'
import ContentReadService from '#content/services/content_read_service'
import { flagValue, revisionQueryValidator } from '#content/validators/content_read_validators'
import { serializeRevision } from '#content/serializers/revision_serializer'

/**
 * GET /v1/spaces/{spaceId}/content, .../change-requests/{changeRequestId}/content and
 * .../revisions/{revisionId}: the whole revision (pages tree, files, reusable contents). A merge
 * revision's `mergedFrom` is presented by the domain that keeps branches (ContentBranches).
 */
@inject()
export default class ShowRevisionController {
  constructor(
    private reads: ContentReadService,
    private branches: ContentBranches
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(revisionQueryValidator)
    const { access, tree, branch } = await this.reads.resolveRoute(user.id, params)
    return serializeRevision(tree, {
      metadata: flagValue(query.metadata, true),
      changeRequest: branch?.id,
      mergedFrom: await this.branches.mergedFrom(db.connection(), tree, access, user),
      viewerId: user.id,
    })
  }
}
