import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SiteController from '#sites/controllers/site_controller'
import AdaptiveSchemaService from '#sites/services/adaptive_schema_service'
import { adaptiveSchemaValidator } from '#sites/validators/site_validators'

/**
 * /v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema: the claims of the site's visitors,
 * and the conditions they suggest.
 */
export default class AdaptiveSchemaController extends SiteController {
  @inject()
  async show(ctx: HttpContext, schemas: AdaptiveSchemaService) {
    const { siteAccess } = await this.siteFor(ctx, 'view')
    return present(await schemas.get(siteAccess))
  }

  @inject()
  async update(ctx: HttpContext, schemas: AdaptiveSchemaService) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    const { jsonSchema } = await ctx.request.validateBody(adaptiveSchemaValidator, { nullable: [] })
    return present(await schemas.put(siteAccess, jsonSchema))
  }

  @inject()
  async templateConditions(ctx: HttpContext, schemas: AdaptiveSchemaService) {
    const { siteAccess } = await this.siteFor(ctx, 'view')
    return { items: await schemas.templateConditions(siteAccess) }
  }
}

function present(schema: Awaited<ReturnType<AdaptiveSchemaService['get']>>) {
  return {
    object: 'site-adaptive-schema' as const,
    jsonSchema: schema.jsonSchema,
    updatedAt: schema.updatedAt.toISO()!,
  }
}
