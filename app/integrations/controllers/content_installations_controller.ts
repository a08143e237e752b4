import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope } from '#core/http/pagination'
import { created } from '#core/http/responses'
import { presentSpace } from '#spaces/serializers/space_serializer'
import IntegrationController from '#integrations/controllers/integration_controller'
import type {
  ContentKind,
  ContentInstallationRecord,
  InstallationRecord,
  IntegrationRecord,
} from '#integrations/records'
import { serializeContentInstallation } from '#integrations/serializers/integration_serializer'
import type { Viewer } from '#integrations/viewer'
import { isAdminOf } from '#integrations/viewer'
import {
  extendedQueryValidator,
  listInstallationsQueryValidator,
  updateContentInstallationValidator,
} from '#integrations/validators/integration_validators'

/**
 * /v1/integrations/{name}/installations/{id}/spaces and /sites: an installation on the spaces
 * and the sites of its organization. Space installations follow the space's admins, site
 * installations the organization's.
 */
export default abstract class ContentInstallationsController extends IntegrationController {
  protected abstract kind: ContentKind

  /** The space or site the route (or the body) names, checked for the viewer. */
  protected abstract target(
    ctx: HttpContext,
    viewer: Viewer,
    installation: InstallationRecord,
    id: string,
    change: boolean
  ): Promise<string>

  protected abstract targetIdInBody(ctx: HttpContext): Promise<string>

  /** `extended=true`: the Space object in place of its id (sites stay ids). */
  protected async presentOne(
    ctx: HttpContext,
    viewer: Viewer,
    integration: IntegrationRecord,
    record: ContentInstallationRecord
  ) {
    const { extended } = await ctx.request.validateQuery(extendedQueryValidator)
    let target: unknown
    if (extended && this.kind === 'space') {
      target = await presentSpace(
        await this.installations.readableSpace(viewer, record.targetId),
        viewer.user
      )
    }
    return serializeContentInstallation(integration, record, target)
  }

  async index(ctx: HttpContext) {
    const { viewer, integration, installation } = await this.installationFor(ctx, false)
    const query = await ctx.request.validateQuery(listInstallationsQueryValidator)
    // Members see the spaces they may read; the organization's admins and every site.
    const only =
      this.kind === 'space' && !isAdminOf(viewer, installation.organizationId)
        ? (ids: string[]) => this.installations.visibleSpaces(viewer, installation, ids)
        : undefined
    const page = await this.installations.listContent(installation, this.kind, query, only)
    return pageEnvelope(
      page.rows.map((record) => serializeContentInstallation(integration, record)),
      page
    )
  }

  async store(ctx: HttpContext) {
    const { viewer, integration, installation } = await this.installationFor(ctx, false)
    const id = await this.targetIdInBody(ctx)
    const targetId = await this.target(ctx, viewer, installation, id, true)
    const record = await this.installations.installOn(
      integration,
      installation,
      this.kind,
      targetId
    )
    const body = await this.presentOne(ctx, viewer, integration, record)
    created(ctx.response, body)
  }

  async show(ctx: HttpContext) {
    const { viewer, integration, record } = await this.recordFor(ctx, false)
    return this.presentOne(ctx, viewer, integration, record)
  }

  async update(ctx: HttpContext) {
    const { viewer, integration, installation, record } = await this.recordFor(ctx, true)
    const changes = await ctx.request.validateBody(updateContentInstallationValidator, {
      nullable: [],
    })
    const updated = await this.installations.updateContent(
      integration,
      installation,
      record,
      changes
    )
    return this.presentOne(ctx, viewer, integration, updated)
  }

  async destroy(ctx: HttpContext) {
    const { integration, installation, record } = await this.recordFor(ctx, true)
    await this.installations.uninstallFrom(integration, installation, record)
    ctx.response.status(204)
  }

  private async recordFor(ctx: HttpContext, change: boolean) {
    const { viewer, integration, installation } = await this.installationFor(ctx, false)
    const id = this.kind === 'space' ? ctx.params.spaceId : ctx.params.siteId
    const targetId = await this.target(ctx, viewer, installation, id, change)
    const record = await this.installations.findContentInstallation(
      installation,
      this.kind,
      targetId
    )
    return { viewer, integration, installation, record }
  }
}
