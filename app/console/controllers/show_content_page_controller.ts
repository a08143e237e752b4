import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ConsoleContentService from '#console/services/console_content_service'
import { embeddedRefsIn } from '#content/markdown/embedded_blocks'
import OpenAPISpecService from '#openapi/services/openapi_spec_service'
import ConsoleDiscussionsService from '#console/services/console_discussions_service'

/**
 * GET /console/spaces/:spaceId/pages/:pageId (the API's `urls.app` of a page), and the same page
 * on a change request's head (.../change-requests/:changeRequestId/pages/:pageId) or on a revision
 * (.../revisions/:revisionId/pages/:pageId): the revision's page tree and the page, its markdown
 * rendered as sanitized HTML (links and files pointing into the same view) and as its source, and the OpenAPI operations it embeds as the organization's specs describe them
 * (latest version), and the page's comments. Anything the user may not read is the console's not-found page.
 */
@inject()
export default class ShowContentPageController {
  constructor(
    private content: ConsoleContentService,
    private specs: OpenAPISpecService,
    private discussions: ConsoleDiscussionsService
  ) {}

  async handle({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { read, view, ...shown } = await this.content.resolve(user, params)
    const page = await this.content.page(read, view, params.pageId, user.id)
    const operations = await this.specs.describeOperations(
      read.access.space.organizationId,
      embeddedRefsIn(page.markdown)
    )
    // The page's comments: the space's on its current content, the change request's on its head
    // (none on an older revision, nor without the comments domain).
    const discussion =
      view.kind === 'revision'
        ? null
        : await this.discussions.props(
            user,
            { access: read.access, changeRequest: read.changeRequest },
            { page: page.id }
          )
    return inertia.render('content/page', { ...shown, page, operations, discussion })
  }
}
