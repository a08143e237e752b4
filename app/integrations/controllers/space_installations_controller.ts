import type { HttpContext } from '@adonisjs/core/http'
import ContentInstallationsController from '#integrations/controllers/content_installations_controller'
import type { InstallationRecord } from '#integrations/records'
import type { Viewer } from '#integrations/viewer'
import { installOnSpaceValidator } from '#integrations/validators/integration_validators'

/** /v1/integrations/{name}/installations/{id}/spaces: an installation on spaces. */
export default class SpaceInstallationsController extends ContentInstallationsController {
  protected kind = 'space' as const

  protected async target(
    _ctx: HttpContext,
    viewer: Viewer,
    installation: InstallationRecord,
    id: string,
    change: boolean
  ) {
    const { space } = await this.installations.spaceFor(viewer, installation, id, change)
    return space.id
  }

  protected async targetIdInBody(ctx: HttpContext) {
    const { space } = await ctx.request.validateBody(installOnSpaceValidator)
    return space
  }
}
