import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { sendJsonText } from '#core/http/responses'
import ContentReadService from '#content/services/content_read_service'
import { flagValue, revisionQueryValidator } from '#content/validators/content_read_validators'
import { pagesJson } from '#content/serializers/revision_serializer'

/**
 * GET .../content/pages (space, change request) and .../revisions/{revisionId}/pages: the page tree,
 * serialized once per revision (the tree itself is loaded once however many ask at the same time).
 */
@inject()
export default class ListPagesController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(revisionQueryValidator)
    const { tree, branch } = await this.reads.resolveRoute(user.id, params)
    const options = { metadata: flagValue(query.metadata, true), changeRequest: branch?.id }
    sendJsonText(response, pagesJson(tree, options))
  }
}
