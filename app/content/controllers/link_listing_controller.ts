import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { VineValidator } from '@vinejs/vine'
import ContentReadService from '#content/services/content_read_service'
import LinkListingService from '#content/services/link_listing_service'

/**
 * What the link listings of a space or of a change request's head open with: the caller's access
 * to the space `{spaceId}` (404), the query (400), then the branch the URL names (404).
 */
@inject()
export default abstract class LinkListingController {
  constructor(
    private reads: ContentReadService,
    protected links: LinkListingService
  ) {}

  protected async open<Validator extends VineValidator<any, any>>(
    { auth, params, request }: HttpContext,
    validator: Validator
  ) {
    const user = auth.getUserOrFail()
    const access = await this.reads.spaceFor(user.id, params.spaceId)
    const input: Awaited<ReturnType<Validator['validate']>> = await request.validateQuery(validator)
    const branch = await this.reads.branchOf(access, params)
    return { access, input, branch }
  }
}
