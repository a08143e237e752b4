import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'

/**
 * DELETE /console/spaces/:spaceId: deletes the space (its admins), back to the organization's tree.
 * The API can restore it for 7 days; the console has no list of deleted spaces yet.
 */
export default class DeleteSpaceController extends ConsoleSpaceController {
  handle(ctx: HttpContext) {
    return this.deleteRecord(ctx, 'space')
  }
}
