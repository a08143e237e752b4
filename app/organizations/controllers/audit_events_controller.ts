import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { pageEnvelope } from '#core/http/pagination'
import AuditEventService from '#organizations/services/audit_event_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { auditEventsQueryValidator } from '#organizations/validators/audit_event_validators'
import {
  serializeAuditEvent,
  serializeAuditEventDetails,
} from '#organizations/serializers/audit_event_serializer'

/**
 * GitBook's organization audit events (admins only; other members 403, strangers 404):
 * GET /v1/orgs/{organizationId}/audit-events[/{auditEventId}] and .../audit-event-actions.
 */
export default class AuditEventsController extends OrganizationController {
  @inject()
  async index(ctx: HttpContext, events: AuditEventService) {
    const { access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'readAuditLog')
    const page = await events.list(
      access,
      await ctx.request.validateQuery(auditEventsQueryValidator)
    )
    return pageEnvelope(page.items.map(serializeAuditEvent), page)
  }

  @inject()
  async show(ctx: HttpContext, events: AuditEventService) {
    const { access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'readAuditLog')
    return serializeAuditEventDetails(await events.find(access, ctx.params.auditEventId))
  }

  @inject()
  async actions(ctx: HttpContext, events: AuditEventService) {
    await this.authorizedAccess(ctx, OrganizationPolicy, 'readAuditLog')
    return {
      items: events
        .actions()
        .map((action) => ({ object: 'audit-event-action' as const, ...action })),
    }
  }
}
