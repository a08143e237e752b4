import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import IntegrationPolicy from '#integrations/policies/integration_policy'
import type { InstallationRecord } from '#integrations/records'
import type { Viewer } from '#integrations/viewer'
import IntegrationService from '#integrations/services/integration_service'
import InstallationService from '#integrations/services/installation_service'
import ConsoleIntegrationsService from '#console/services/console_integrations_service'
import { organizationHeader } from '#console/serializers/administration_props'
import { formInput, noticeBack } from '#console/http/console_form'
import {
  consoleConfigureValidator,
  consoleInstallOnValidator,
  consoleInstallValidator,
} from '#console/validators/integration_validators'

/**
 * /console/orgs/:organizationId/integrations: the integrations the organization may install, and
 * its installations (on itself, its spaces, its sites) with their configuration forms. The same
 * services and policy as the API decide; their refusals are flashed on the forms.
 */
@inject()
export default class ConsoleIntegrationsController {
  constructor(
    private console: ConsoleIntegrationsService,
    private integrations: IntegrationService,
    private installations: InstallationService
  ) {}

  async index(ctx: HttpContext) {
    const { user, access, admin } = await this.console.context(ctx)
    const organizationId = access.organization.id
    return ctx.inertia.render('integrations/index', {
      organization: organizationHeader(user, access),
      integrations: await this.console.page(organizationId, admin),
      canInstall: admin,
      targets: admin ? await this.console.targets(organizationId) : { spaces: [], sites: [] },
    })
  }

  /** POST .../integrations/:integrationName/installations: installs in the organization. */
  async install(ctx: HttpContext) {
    const { viewer, access } = await this.console.context(ctx)
    const integration = await this.integrations.find(viewer, ctx.params.integrationName)
    const organizationId = access.organization.id
    await ctx.bouncer
      .with(IntegrationPolicy)
      .authorize('install', viewer, integration, organizationId)
    const { configuration } = await formInput(ctx, consoleInstallValidator, ['configuration'])
    await this.installations.install(viewer, integration, organizationId, configuration)
    return noticeBack(ctx, `${integration.title} installed.`)
  }

  /** PATCH .../installations/:installationId: the organization's configuration. */
  async configure(ctx: HttpContext) {
    const { viewer, integration, installation } = await this.console.installationOf(ctx)
    await ctx.bouncer.with(IntegrationPolicy).authorize('manageInstallation', viewer, installation)
    const { configuration } = await formInput(ctx, consoleConfigureValidator, ['configuration'])
    await this.installations.update(integration, installation, { configuration })
    return noticeBack(ctx, `${integration.title} configured.`)
  }

  async uninstall(ctx: HttpContext) {
    const { viewer, integration, installation } = await this.console.installationOf(ctx)
    await ctx.bouncer.with(IntegrationPolicy).authorize('manageInstallation', viewer, installation)
    await this.installations.uninstall(integration, installation)
    return noticeBack(ctx, `${integration.title} uninstalled.`)
  }

  /** POST .../installations/:installationId/targets: installs on a space or a site. */
  async installOn(ctx: HttpContext) {
    const { viewer, integration, installation } = await this.console.installationOf(ctx)
    const fields = ['kind', 'targetId', 'configuration']
    const { kind, targetId, configuration } = await formInput(
      ctx,
      consoleInstallOnValidator,
      fields
    )
    const id = await this.targetOf(viewer, installation, kind, targetId)
    await this.installations.installOn(integration, installation, kind, id, configuration ?? {})
    return noticeBack(ctx, `${integration.title} installed on the ${kind}.`)
  }

  /** DELETE .../installations/:installationId/:kind/:targetId: uninstalls from a space or site. */
  async uninstallFrom(ctx: HttpContext) {
    const { viewer, integration, installation } = await this.console.installationOf(ctx)
    const kind = ctx.params.kind === 'site' ? 'site' : 'space'
    const id = await this.targetOf(viewer, installation, kind, ctx.params.targetId)
    const record = await this.installations.findContentInstallation(installation, kind, id)
    await this.installations.uninstallFrom(integration, installation, record)
    return noticeBack(ctx, `${integration.title} removed from the ${kind}.`)
  }

  /** The space or site of the installation's organization the admin may change. */
  private async targetOf(
    viewer: Viewer,
    installation: InstallationRecord,
    kind: 'space' | 'site',
    targetId: string
  ) {
    if (kind === 'site') return this.installations.siteFor(viewer, installation, targetId, true)
    const { space } = await this.installations.spaceFor(viewer, installation, targetId, true)
    return space.id
  }
}
