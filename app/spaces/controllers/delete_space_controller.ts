import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import SpaceController from '#spaces/controllers/space_controller'

/**
 * DELETE /v1/spaces/{spaceId} — 205; restorable for 7 days.
 */
export default class DeleteSpaceController extends SpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedSpace(ctx, 'manage')
    const { response } = ctx
    await this.spaces.delete(access, auditActor(user))
    response.resetContent()
  }
}
