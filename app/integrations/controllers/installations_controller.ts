import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope } from '#core/http/pagination'
import { created } from '#core/http/responses'
import IntegrationPolicy from '#integrations/policies/integration_policy'
import IntegrationController from '#integrations/controllers/integration_controller'
import { serializeInstallation } from '#integrations/serializers/integration_serializer'
import {
  installIntegrationValidator,
  listInstallationsQueryValidator,
  updateInstallationValidator,
} from '#integrations/validators/integration_validators'

/**
 * /v1/integrations/{name}/installations: an organization's installations of an integration.
 */
export default class InstallationsController extends IntegrationController {
  async index(ctx: HttpContext) {
    const { viewer, integration } = await this.integrationFor(ctx)
    const query = await ctx.request.validateQuery(listInstallationsQueryValidator)
    const page = await this.installations.list(viewer, integration, query)
    return pageEnvelope(
      page.rows.map((installation) => serializeInstallation(integration, installation)),
      page
    )
  }

  async store(ctx: HttpContext) {
    const { viewer, integration } = await this.integrationFor(ctx)
    const { organization } = await ctx.request.validateBody(installIntegrationValidator)
    const organizationId = await this.installations.organizationFor(viewer, organization)
    await ctx.bouncer
      .with(IntegrationPolicy)
      .authorize('install', viewer, integration, organizationId)
    const installation = await this.installations.install(viewer, integration, organizationId)
    created(ctx.response, serializeInstallation(integration, installation))
  }

  async show(ctx: HttpContext) {
    const { integration, installation } = await this.installationFor(ctx, false)
    return serializeInstallation(integration, installation)
  }

  async update(ctx: HttpContext) {
    const { integration, installation } = await this.installationFor(ctx, true)
    const changes = await ctx.request.validateBody(updateInstallationValidator, { nullable: [] })
    const updated = await this.installations.update(integration, installation, changes)
    return serializeInstallation(integration, updated)
  }

  async destroy(ctx: HttpContext) {
    const { integration, installation } = await this.installationFor(ctx, true)
    await this.installations.uninstall(integration, installation)
    ctx.response.status(204)
  }
}
