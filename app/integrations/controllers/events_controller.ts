import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import IntegrationPolicy from '#integrations/policies/integration_policy'
import IntegrationController from '#integrations/controllers/integration_controller'
import {
  serializeEventTrace,
  serializeIntegrationEvent,
} from '#integrations/serializers/integration_serializer'
import IntegrationService from '#integrations/services/integration_service'
import InstallationService from '#integrations/services/installation_service'
import EventService from '#integrations/services/event_service'

/** /v1/integrations/{name}/events: the integration's delivered events, for its developers. */
@inject()
export default class EventsController extends IntegrationController {
  constructor(
    organizations: OrganizationService,
    integrations: IntegrationService,
    installations: InstallationService,
    private events: EventService
  ) {
    super(organizations, integrations, installations)
  }

  async index(ctx: HttpContext) {
    const integration = await this.authorized(ctx)
    const query = await ctx.request.validateQuery(listQueryValidator)
    const page = await this.events.list(integration.id, query, {
      delivered: true,
    })
    return pageEnvelope(page.rows.map(serializeIntegrationEvent), page)
  }

  async show(ctx: HttpContext) {
    const integration = await this.authorized(ctx)
    const event = await this.events.find(integration, ctx.params.eventId)
    return { event: serializeIntegrationEvent(event), trace: serializeEventTrace(event) }
  }

  private async authorized(ctx: HttpContext) {
    const { viewer, integration } = await this.integrationFor(ctx)
    await ctx.bouncer.with(IntegrationPolicy).authorize('readEvents', viewer, integration)
    return integration
  }
}
