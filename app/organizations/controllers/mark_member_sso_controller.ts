import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import OrganizationController from '#organizations/controllers/organization_controller'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * POST /v1/orgs/{organizationId}/members/{userId}/sso — marks the member as an SSO member (admins).
 */
export default class MarkMemberSsoController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, members: MemberService) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    return serializeMember(await members.markSso(access, ctx.params.userId, auditActor(user)))
  }
}
