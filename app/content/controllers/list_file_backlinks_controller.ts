import type { HttpContext } from '@adonisjs/core/http'
import { listBacklinksValidator } from '#content/validators/link_validators'
import LinkListingController from '#content/controllers/link_listing_controller'

/**
 * GET S/content/files/{fileId}/backlinks and CR/content/files/{fileId}/backlinks: the pages that link
 * to or embed the file. Anyone who can read the space.
 */
export default class ListFileBacklinksController extends LinkListingController {
  async handle(ctx: HttpContext) {
    const { access, input, branch } = await this.open(ctx, listBacklinksValidator)
    return this.links.listBacklinks(access, { ...input, branch, fileId: ctx.params.fileId })
  }
}
