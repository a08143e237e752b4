import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import IntegrationPolicy from '#integrations/policies/integration_policy'
import type { IntegrationRecord } from '#integrations/records'
import { serializeIntegration } from '#integrations/serializers/integration_serializer'
import IntegrationService from '#integrations/services/integration_service'
import InstallationService from '#integrations/services/installation_service'
import { viewerOf, type Viewer } from '#integrations/viewer'

/**
 * What the endpoints of integrations open with: the caller as a Viewer (their memberships, read
 * once), the integration the route names (404 when the caller may not see it), the installation
 * it names, and the presenter of Integration records.
 */
@inject()
export default abstract class IntegrationController {
  constructor(
    protected organizations: OrganizationService,
    protected integrations: IntegrationService,
    protected installations: InstallationService
  ) {}

  protected viewer(ctx: HttpContext): Promise<Viewer> {
    return viewerOf(ctx.auth.getUserOrFail())
  }

  protected async integrationFor(ctx: HttpContext) {
    const viewer = await this.viewer(ctx)
    const integration = await this.integrations.find(viewer, ctx.params.integrationName)
    return { viewer, integration }
  }

  protected async installationFor(ctx: HttpContext, manage: boolean) {
    const { viewer, integration } = await this.integrationFor(ctx)
    const installation = await this.installations.find(
      viewer,
      integration,
      ctx.params.installationId
    )
    if (manage) {
      await ctx.bouncer
        .with(IntegrationPolicy)
        .authorize('manageInstallation', viewer, installation)
    }
    return { viewer, integration, installation }
  }

  /** Integration records for the viewer, their owners read in one query. */
  protected async present(viewer: Viewer, integrations: IntegrationRecord[]) {
    const owners = await this.organizations.viewedBy(
      viewer.user,
      integrations.map((integration) => integration.organizationId)
    )
    return integrations.map((integration) =>
      serializeIntegration(integration, owners.get(integration.organizationId)!, viewer)
    )
  }
}
