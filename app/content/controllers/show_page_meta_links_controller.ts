import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ContentReadService from '#content/services/content_read_service'
import { metaLinksQueryValidator } from '#content/validators/content_read_validators'
import { serializePageMetaLinks } from '#content/serializers/meta_links_serializer'

/**
 * GET .../content/page/{pageId}/meta-links (space, change request) and
 * .../revisions/{revisionId}/page/{pageId}/meta-links: the page's canonical and alternate links.
 */
@inject()
export default class ShowPageMetaLinksController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    await request.validateQuery(metaLinksQueryValidator)
    const { tree } = await this.reads.resolveRoute(user.id, params)
    return serializePageMetaLinks(this.reads.metaLinks(this.reads.page(tree, params.pageId)))
  }
}
