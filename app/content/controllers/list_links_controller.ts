import type { HttpContext } from '@adonisjs/core/http'
import { listLinksValidator } from '#content/validators/link_validators'
import LinkListingController from '#content/controllers/link_listing_controller'

/**
 * GET /v1/spaces/{spaceId}/links, GET CR/links, and the same for one page
 * (`.../content/page/{pageId}/links`): links of the space's current revision or of the change
 * request's head, with `stats`. Anyone who can read the space.
 */
export default class ListLinksController extends LinkListingController {
  async handle(ctx: HttpContext) {
    const { access, input, branch } = await this.open(ctx, listLinksValidator)
    return this.links.listLinks(access, { ...input, branch, pageId: ctx.params.pageId })
  }
}
