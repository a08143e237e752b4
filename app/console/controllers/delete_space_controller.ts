import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'
import { noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/spaces/:spaceId: deletes the space (its admins), back to the organization's tree.
 * The API can restore it for 7 days; the console has no list of deleted spaces yet.
 */
export default class DeleteSpaceController extends ConsoleSpaceController {
  async handle(ctx: HttpContext) {
    const { access } = await this.console.managedSpace(ctx)
    await this.spaces.delete(access)
    const { title, organizationId } = access.space
    return noticeTo(ctx, `Space ${title} deleted.`, 'console.spaces.index', { organizationId })
  }
}
