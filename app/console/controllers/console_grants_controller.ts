import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import GrantService, { type GrantTarget } from '#spaces/services/grant_service'
import { grantRoleValidator, inviteValidator } from '#spaces/validators/space_validators'
import ConsoleAccessService from '#console/services/console_access_service'
import { collectionTarget, spaceTarget } from '#console/services/console_spaces_service'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * Roles granted on a space (`:spaceId`) or a collection (`:collectionId`) to users and teams, by
 * their admins: the API's permission operations through the same GrantService and policies (a user
 * who is not a member of the organization, or a team of another one, is the service's 404 and
 * changes nothing).
 */
@inject()
export default class ConsoleGrantsController {
  constructor(
    private console: ConsoleAccessService,
    private grants: GrantService
  ) {}

  /**
   * POST .../grants: `role` to the `users` and `teams` named (the API's invite body).
   */
  async store(ctx: HttpContext) {
    const target = await this.target(ctx)
    const input = await formInput(ctx, inviteValidator, ['role', 'users', 'teams'])
    await this.grants.invite(target, input)
    return noticeBack(
      ctx,
      input.role ? `Granted ${input.role} on this ${target.kind}.` : 'Removed.'
    )
  }

  /**
   * PATCH .../grants/:kind/:granteeId: another role for a user or a team (none removes the grant).
   */
  async update(ctx: HttpContext) {
    const target = await this.target(ctx)
    const { role } = await formInput(ctx, grantRoleValidator, ['role'])
    const { kind, granteeId } = ctx.params
    if (kind === 'users') await this.grants.setUser(target, granteeId, role)
    else await this.grants.setTeam(target, granteeId, role)
    return noticeBack(ctx, role ? `Role changed to ${role}.` : 'Access removed.')
  }

  /**
   * DELETE .../grants/:kind/:granteeId: removes the grant of a user or a team.
   */
  async destroy(ctx: HttpContext) {
    const target = await this.target(ctx)
    const { kind, granteeId } = ctx.params
    const removed = await this.grants.remove(
      target,
      kind === 'users' ? 'user_id' : 'team_id',
      granteeId
    )
    return noticeBack(ctx, removed ? 'Access removed.' : 'Nothing was granted to them here.')
  }

  /**
   * The space or collection of the URL, once its policy lets the signed-in user manage it.
   */
  private async target(ctx: HttpContext): Promise<GrantTarget> {
    if (ctx.params.spaceId !== undefined) {
      const { access } = await this.console.managedSpace(ctx)
      return spaceTarget(access)
    }
    const { access } = await this.console.managedCollection(ctx)
    return collectionTarget(access)
  }
}
