import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { singleValuedQuery } from '#core/http/validation'
import AuditEventService from '#organizations/services/audit_event_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { auditEventsQueryValidator } from '#organizations/validators/audit_event_validators'
import ConsoleAccessService from '#console/services/console_access_service'
import { organizationHeader } from '#console/serializers/administration_props'
import { settingsNavigation } from '#console/serializers/organization_props'
import { auditEventProps } from '#console/serializers/audit_props'

/** Filters the page keeps from one request to the next (and into its next-page link). */
const FILTERS = ['from', 'to', 'action', 'actor', 'target'] as const

/**
 * /console/orgs/:organizationId/audit-log: the organization's audit log for its admins, newest
 * first, with the API's filters (instant range, action, actor, target) and keyset pages.
 */
@inject()
export default class ConsoleAuditController {
  constructor(
    private console: ConsoleAccessService,
    private events: AuditEventService
  ) {}

  async index(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    await ctx.bouncer.with(OrganizationPolicy).authorize('readAuditLog', access)
    const query = await auditEventsQueryValidator.validate(singleValuedQuery(ctx.request.qs()))
    const page = await this.events.list(access, { ...query, limit: query.limit ?? 50 })
    const filters = Object.fromEntries(FILTERS.map((name) => [name, query[name] ?? '']))
    return ctx.inertia.render('organizations/audit_log', {
      organization: organizationHeader(user, access),
      navigation: settingsNavigation(user, access),
      events: page.items.map(auditEventProps),
      actions: this.events.actions(),
      filters: filters as Record<(typeof FILTERS)[number], string>,
      count: page.count,
      nextPage: page.next?.page ?? null,
    })
  }
}
