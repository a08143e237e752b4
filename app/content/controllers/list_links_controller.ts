import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ContentReadService from '#content/services/content_read_service'
import LinkListingService from '#content/services/link_listing_service'
import { listLinksValidator } from '#content/validators/link_validators'

/**
 * GET /v1/spaces/{spaceId}/links, GET CR/links, and the same for one page
 * (`.../content/page/{pageId}/links`): links of the space's current revision or of the change
 * request's head, with `stats`. Anyone who can read the space.
 */
@inject()
export default class ListLinksController {
  constructor(
    private reads: ContentReadService,
    private links: LinkListingService
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.reads.spaceFor(user.id, params.spaceId)
    const input = await request.validateQuery(listLinksValidator)
    const branch = await this.reads.branchOf(access, params)
    return this.links.listLinks(access, {
      ...input,
      branch,
      pageId: params.pageId,
    })
  }
}
