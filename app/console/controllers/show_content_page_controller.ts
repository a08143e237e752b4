import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import { targetOf } from '#change_requests/services/change_request_read_service'
import ConsoleContentService, {
  contentTree,
  targetProps,
} from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId/pages/:pageId (the API's `urls.app` of a page), and the same page
 * on a change request's head (.../change-requests/:changeRequestId/pages/:pageId) or on a revision
 * (.../revisions/:revisionId/pages/:pageId): the revision's page tree and the page, its markdown
 * shown as text. Anything the user may not read is the console's not-found page.
 */
@inject()
export default class ShowContentPageController {
  constructor(private content: ConsoleContentService) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const target = targetOf(params)
    const { read, organization, space } = await this.content.resolve(user, params.spaceId, target)
    const page = await this.content.page(read, params.pageId)
    const on = targetProps(read, target)
    return inertia.render('content/page', {
      organization,
      space,
      target: on,
      tree: contentTree(read.tree, on.url),
      page,
    })
  }
}
