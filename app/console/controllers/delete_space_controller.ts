import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceService from '#spaces/services/space_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/spaces/:spaceId: deletes the space (its admins), back to the organization's tree.
 * The API can restore it for 7 days; the console has no list of deleted spaces yet.
 */
@inject()
export default class DeleteSpaceController {
  constructor(
    private console: ConsoleAccessService,
    private spaces: SpaceService
  ) {}

  async handle(ctx: HttpContext) {
    const { access } = await this.console.managedSpace(ctx)
    await this.spaces.delete(access)
    const { title, organizationId } = access.space
    return noticeTo(ctx, `Space ${title} deleted.`, 'console.spaces.index', { organizationId })
  }
}
