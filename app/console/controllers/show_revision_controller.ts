import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ConsoleContentService from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId/revisions/:revisionId (the API's `urls.app` of a revision): its id,
 * parents, type, date and page tree.
 */
@inject()
export default class ShowRevisionController {
  constructor(private content: ConsoleContentService) {}

  async handle({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { read, organization, space, target, tree } = await this.content.resolve(user, params)
    const { id, parents, type, createdAt } = read.tree
    return inertia.render('content/revision', {
      organization,
      space,
      revision: { id, parents, type, createdAt, url: target.url },
      tree,
    })
  }
}
