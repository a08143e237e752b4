import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService from '#spaces/services/space_service'
import SpacePolicy from '#spaces/policies/space_policy'

/**
 * DELETE /console/spaces/:spaceId: deletes the space (its admins), back to the organization's tree.
 * The API can restore it for 7 days; the console has no list of deleted spaces yet.
 */
@inject()
export default class DeleteSpaceController {
  constructor(
    private access: SpaceAccessService,
    private spaces: SpaceService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await bouncer.with(SpacePolicy).authorize('manage', access)
    await this.spaces.delete(access)
    session.flash('notice', `Space ${access.space.title} deleted.`)
    return response.redirect().toPath(`/console/orgs/${access.space.organizationId}/spaces`)
  }
}
