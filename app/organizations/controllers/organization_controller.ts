import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#accounts/models/user'
import OrganizationService from '#organizations/services/organization_service'
import type { OrganizationAccess } from '#organizations/organization_access'

/**
 * A policy action that decides on the caller's access to an organization (and maybe more).
 */
type AccessAction = (
  user: User,
  access: OrganizationAccess,
  ...rest: any[]
) => AuthorizerResponse | Promise<AuthorizerResponse>

type AccessActions<Policy> = {
  [Name in keyof Policy]: Policy[Name] extends AccessAction ? Name : never
}[keyof Policy]

type RestOf<Action> = Action extends (
  user: User,
  access: OrganizationAccess,
  ...rest: infer Rest
) => any
  ? Rest
  : never

/**
 * What the endpoints under /v1/orgs/{organizationId} open with: the caller, their access to the
 * organization (404 for one they cannot see), and the ability of the policy that guards the
 * endpoint. The domain's own service comes into `handle` by method injection.
 */
@inject()
export default abstract class OrganizationController {
  constructor(protected organizations: OrganizationService) {}

  protected async callerAccess({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    return { user, access: await this.organizations.accessFor(user, params.organizationId) }
  }

  protected async authorizedAccess<
    Policy extends new () => any,
    Action extends AccessActions<InstanceType<Policy>>,
  >(
    ctx: HttpContext,
    policy: Policy,
    action: Action,
    ...rest: RestOf<InstanceType<Policy>[Action]>
  ) {
    const { user, access } = await this.callerAccess(ctx)
    // The generic action is one of the policy's; Bouncer's types cannot see it through the generics.
    await (ctx.bouncer.with(policy) as any).authorize(action, access, ...rest)
    return { user, access }
  }
}
