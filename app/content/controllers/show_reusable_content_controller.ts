import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ContentReadService from '#content/services/content_read_service'
import { revisionQueryValidator } from '#content/validators/content_read_validators'
import { serializeReusableContent } from '#content/serializers/revision_serializer'

/**
 * GET .../content/reusable-contents/{reusableContentId} (space, change request) and
 * .../revisions/{revisionId}/reusable-contents/{reusableContentId}.
 */
@inject()
export default class ShowReusableContentController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    await request.validateQuery(revisionQueryValidator)
    const { tree } = await this.reads.resolveRoute(user.id, params)
    return serializeReusableContent(this.reads.reusableContent(tree, params.reusableContentId))
  }
}
