import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope } from '#core/http/pagination'
import IntegrationPolicy from '#integrations/policies/integration_policy'
import IntegrationController from '#integrations/controllers/integration_controller'
import {
  listInstalledQueryValidator,
  listIntegrationsQueryValidator,
  publishIntegrationValidator,
} from '#integrations/validators/integration_validators'
import { isMemberOf } from '#integrations/viewer'
import { NotFoundException } from '#core/exceptions/api_exceptions'

/**
 * /v1/integrations and /v1/integrations/{name}: listing, reading, publishing and unpublishing
 * integrations; the integrations of an organization, and those installed on a space or a site.
 */
export default class IntegrationsController extends IntegrationController {
  async index(ctx: HttpContext) {
    const viewer = await this.viewer(ctx)
    const page = await this.integrations.list(
      viewer,
      await ctx.request.validateQuery(listIntegrationsQueryValidator)
    )
    return pageEnvelope(await this.present(viewer, page.rows), page)
  }

  async show(ctx: HttpContext) {
    const { viewer, integration } = await this.integrationFor(ctx)
    const [item] = await this.present(viewer, [integration])
    return item
  }

  async publish(ctx: HttpContext) {
    const viewer = await this.viewer(ctx)
    const input = await ctx.request.validateBody(publishIntegrationValidator)
    const integration = await this.integrations.publish(viewer, ctx.params.integrationName, input)
    const [item] = await this.present(viewer, [integration])
    return item
  }

  async unpublish(ctx: HttpContext) {
    const { viewer, integration } = await this.integrationFor(ctx)
    await ctx.bouncer.with(IntegrationPolicy).authorize('admin', viewer, integration)
    await this.integrations.unpublish(integration)
    ctx.response.status(204)
  }

  /** GET /v1/orgs/{organizationId}/integrations: what the organization may install. */
  async organizationIndex(ctx: HttpContext) {
    const viewer = await this.viewer(ctx)
    const organizationId = ctx.params.organizationId
    if (!isMemberOf(viewer, organizationId)) {
      throw NotFoundException.resource('organization', organizationId)
    }
    const page = await this.integrations.listForOrganization(
      organizationId,
      await ctx.request.validateQuery(listIntegrationsQueryValidator)
    )
    return pageEnvelope(await this.present(viewer, page.rows), page)
  }

  /** GET /v1/spaces/{spaceId}/integrations: the integrations installed on the space. */
  async spaceIndex(ctx: HttpContext) {
    const viewer = await this.viewer(ctx)
    const query = await ctx.request.validateQuery(listInstalledQueryValidator)
    const { space } = await this.installations.readableSpace(viewer, ctx.params.spaceId)
    const ids = await this.installations.integrationIdsOn('space', space.id, space.organizationId)
    const page = await this.integrations.listAmong(ids, query)
    return pageEnvelope(await this.present(viewer, page.rows), page)
  }

  /** GET /v1/orgs/{organizationId}/sites/{siteId}/integrations: those installed on the site. */
  async siteIndex(ctx: HttpContext) {
    const viewer = await this.viewer(ctx)
    const query = await ctx.request.validateQuery(listInstalledQueryValidator)
    const organizationId = ctx.params.organizationId
    const siteId = await this.installations.readableSite(viewer, organizationId, ctx.params.siteId)
    const ids = await this.installations.integrationIdsOn('site', siteId, organizationId)
    const page = await this.integrations.listAmong(ids, query)
    return pageEnvelope(await this.present(viewer, page.rows), page)
  }
}
