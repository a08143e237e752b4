import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ConsoleContentService from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId/pages/:pageId (the API's `urls.app` of a page), and the same page
 * on a change request's head (.../change-requests/:changeRequestId/pages/:pageId) or on a revision
 * (.../revisions/:revisionId/pages/:pageId): the revision's page tree and the page, its markdown
 * shown as text. Anything the user may not read is the console's not-found page.
 */
@inject()
export default class ShowContentPageController {
  constructor(private content: ConsoleContentService) {}

  async handle({ auth, inertia, params }: HttpContext) {
    const { read, ...shown } = await this.content.resolve(auth.use('web').getUserOrFail(), params)
    const page = await this.content.page(read, params.pageId)
    return inertia.render('content/page', { ...shown, page })
  }
}
