import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ContentReadService from '#content/services/content_read_service'
import { revisionQueryValidator } from '#content/validators/content_read_validators'
import { serializeFile } from '#content/serializers/file_serializer'

/**
 * GET .../content/files/{fileId} (space, change request) and .../revisions/{revisionId}/files/{fileId}.
 */
@inject()
export default class ShowFileController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    await request.validateQuery(revisionQueryValidator)
    const { tree } = await this.reads.resolveRoute(user.id, params)
    return serializeFile(tree, this.reads.file(tree, params.fileId), user.id)
  }
}
