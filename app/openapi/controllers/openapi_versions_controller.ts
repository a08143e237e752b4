import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import OpenAPIController from '#openapi/controllers/openapi_controller'
import {
  serializeOpenAPIContent,
  serializeOpenAPIRaw,
  serializeOpenAPIVersion,
} from '#openapi/serializers/openapi_serializer'

/**
 * /v1/orgs/{organizationId}/openapi/{specSlug}/versions...: a specification's versions (newest
 * first), one of them (`latest` or an id), its parsed content and the latest raw text.
 */
export default class OpenAPIVersionsController extends OpenAPIController {
  async index(ctx: HttpContext) {
    const { spec } = await this.specFor(ctx, 'view')
    const page = await this.specs.versions(
      spec,
      await ctx.request.validateQuery(listQueryValidator)
    )
    return pageEnvelope(
      page.rows.map((version) => serializeOpenAPIVersion(spec, version)),
      page
    )
  }

  async show(ctx: HttpContext) {
    const { spec } = await this.specFor(ctx, 'view')
    return serializeOpenAPIVersion(spec, await this.specs.version(spec, this.versionId(ctx)))
  }

  async content(ctx: HttpContext) {
    const { spec } = await this.specFor(ctx, 'view')
    return serializeOpenAPIContent(spec, await this.specs.versionContent(spec, this.versionId(ctx)))
  }

  async raw(ctx: HttpContext) {
    const { spec } = await this.specFor(ctx, 'view')
    return serializeOpenAPIRaw(await this.specs.versionContent(spec, 'latest'))
  }

  private versionId(ctx: HttpContext): string {
    return (ctx.params.versionId as string | undefined) ?? 'latest'
  }
}
