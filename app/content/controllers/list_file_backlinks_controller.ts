import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ContentReadService from '#content/services/content_read_service'
import LinkListingService from '#content/services/link_listing_service'
import { listBacklinksValidator } from '#content/validators/link_validators'

/**
 * GET S/content/files/{fileId}/backlinks and CR/content/files/{fileId}/backlinks: the pages that link
 * to or embed the file. Anyone who can read the space.
 */
@inject()
export default class ListFileBacklinksController {
  constructor(
    private reads: ContentReadService,
    private links: LinkListingService
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.reads.spaceFor(user.id, params.spaceId)
    const input = await request.validateQuery(listBacklinksValidator)
    const branch = await this.reads.branchOf(access, params)
    return this.links.listBacklinks(access, {
      ...input,
      branch,
      fileId: params.fileId,
    })
  }
}
