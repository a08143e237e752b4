import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SiteController from '#sites/controllers/site_controller'
import PublishingAuthService, { type PublishingAuth } from '#sites/services/publishing_auth_service'
import {
  NULLABLE_PUBLISHING_AUTH_FIELDS,
  updatePublishingAuthValidator,
} from '#sites/validators/site_validators'

/**
 * /v1/orgs/{organizationId}/sites/{siteId}/publishing/auth: the visitor-authentication key and
 * settings (a secret: admins only).
 */
export default class PublishingAuthController extends SiteController {
  @inject()
  async show(ctx: HttpContext, auth: PublishingAuthService) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    return present(await auth.get(siteAccess))
  }

  @inject()
  async update(ctx: HttpContext, auth: PublishingAuthService) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(updatePublishingAuthValidator, {
      nullable: NULLABLE_PUBLISHING_AUTH_FIELDS,
    })
    return present(await auth.update(siteAccess, input))
  }

  @inject()
  async regenerate(ctx: HttpContext, auth: PublishingAuthService) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    return present(await auth.regenerate(siteAccess))
  }
}

function present(auth: PublishingAuth) {
  return {
    object: 'publishing-auth' as const,
    backend: auth.backend,
    privateKey: auth.privateKey,
    ...(auth.fallbackURL ? { fallbackURL: auth.fallbackURL } : {}),
    ...(auth.logoutURL ? { logoutURL: auth.logoutURL } : {}),
  }
}
