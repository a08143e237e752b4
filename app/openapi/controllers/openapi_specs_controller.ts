import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import { created } from '#core/http/responses'
import OpenAPISpecPolicy from '#openapi/policies/openapi_spec_policy'
import OpenAPIController from '#openapi/controllers/openapi_controller'
import { serializeOpenAPISpec } from '#openapi/serializers/openapi_serializer'
import {
  createOpenAPISpecValidator,
  putOpenAPISpecValidator,
  specSlugParamValidator,
  updateOpenAPISpecValidator,
} from '#openapi/validators/openapi_validators'

/**
 * /v1/orgs/{organizationId}/openapi and /openapi/{specSlug}: the specifications of an organization.
 */
export default class OpenAPISpecsController extends OpenAPIController {
  async index(ctx: HttpContext) {
    const { user, access } = await this.authorizedAccess(ctx, OpenAPISpecPolicy, 'view')
    const page = await this.specs.list(access, await ctx.request.validateQuery(listQueryValidator))
    return pageEnvelope(
      page.rows.map((spec) => serializeOpenAPISpec(spec, access, user)),
      page
    )
  }

  async store(ctx: HttpContext) {
    const { user, access } = await this.authorizedAccess(ctx, OpenAPISpecPolicy, 'manage')
    const input = await ctx.request.validateBody(createOpenAPISpecValidator)
    const spec = await this.specs.create(access, input.slug, this.sourceOf(input))
    created(ctx.response, serializeOpenAPISpec(spec, access, user))
  }

  async show(ctx: HttpContext) {
    const { user, access, spec } = await this.specFor(ctx, 'view')
    return serializeOpenAPISpec(spec, access, user)
  }

  /** PUT: creates (201) or adds a version when the document changed (200); also the refresh. */
  async upsert(ctx: HttpContext) {
    const { user, access } = await this.authorizedAccess(ctx, OpenAPISpecPolicy, 'manage')
    const { specSlug } = await specSlugParamValidator.validate({ specSlug: ctx.params.specSlug })
    const input = await ctx.request.validateBody(putOpenAPISpecValidator)
    const result = await this.specs.createOrUpdate(access, specSlug, this.sourceOf(input))
    const record = serializeOpenAPISpec(result.spec, access, user)
    if (result.created) return created(ctx.response, record)
    return record
  }

  async update(ctx: HttpContext) {
    const { user, access, spec } = await this.specFor(ctx, 'manage')
    const { visibility } = await ctx.request.validateBody(updateOpenAPISpecValidator)
    return serializeOpenAPISpec(
      await this.specs.setVisibility(access, spec.slug, visibility),
      access,
      user
    )
  }

  /** 205 when deleted, 204 when there was no such specification (GitBook's answers). */
  async destroy(ctx: HttpContext) {
    const { access } = await this.authorizedAccess(ctx, OpenAPISpecPolicy, 'manage')
    const deleted = await this.specs.delete(access, ctx.params.specSlug)
    ctx.response.status(deleted ? 205 : 204)
  }
}
