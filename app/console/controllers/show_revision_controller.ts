import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import ConsoleContentService, {
  contentTree,
  contentUrls,
} from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId/revisions/:revisionId (the API's `urls.app` of a revision): its id,
 * parents, type, date and page tree.
 */
@inject()
export default class ShowRevisionController {
  constructor(private content: ConsoleContentService) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { read, organization, space } = await this.content.resolve(user, params.spaceId, {
      kind: 'revision',
      revision: params.revisionId,
    })
    const url = contentUrls.revision(space.id, read.tree.id)
    return inertia.render('content/revision', {
      organization,
      space,
      revision: {
        id: read.tree.id,
        parents: read.tree.parents,
        type: read.tree.type,
        createdAt: read.tree.createdAt,
        url,
      },
      tree: contentTree(read.tree, url),
    })
  }
}
