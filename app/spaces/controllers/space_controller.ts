import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService from '#spaces/services/space_service'
import SpacePolicy from '#spaces/policies/space_policy'

/**
 * What the endpoints that change one space open with: the caller, their access to the space
 * `{spaceId}` (404 for a space they cannot see), and the space policy's ability on it.
 */
@inject()
export default abstract class SpaceController {
  constructor(
    protected access: SpaceAccessService,
    protected spaces: SpaceService
  ) {}

  /**
   * The caller and their access to the space (404 for one they cannot see), no ability checked.
   */
  protected async callerSpace({ auth, params }: HttpContext, options: { deleted?: boolean } = {}) {
    const user = auth.getUserOrFail()
    return { user, access: await this.access.spaceFor(user.id, params.spaceId, options) }
  }

  protected async authorizedSpace(
    ctx: HttpContext,
    ability: 'manage' | 'transfer',
    options: { deleted?: boolean } = {}
  ) {
    const { user, access } = await this.callerSpace(ctx, options)
    await ctx.bouncer.with(SpacePolicy).authorize(ability, access)
    return { user, access }
  }
}
