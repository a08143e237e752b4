import type { HttpContext } from '@adonisjs/core/http'
import ContentInstallationsController from '#integrations/controllers/content_installations_controller'
import type { InstallationRecord } from '#integrations/records'
import type { Viewer } from '#integrations/viewer'
import { installOnSiteValidator } from '#integrations/validators/integration_validators'

/** /v1/integrations/{name}/installations/{id}/sites: an installation on sites. */
export default class SiteInstallationsController extends ContentInstallationsController {
  protected kind = 'site' as const

  protected target(
    _ctx: HttpContext,
    viewer: Viewer,
    installation: InstallationRecord,
    id: string,
    change: boolean
  ) {
    return this.installations.siteFor(viewer, installation, id, change)
  }

  protected async targetIdInBody(ctx: HttpContext) {
    const { siteId } = await ctx.request.validateBody(installOnSiteValidator)
    return siteId
  }
}
