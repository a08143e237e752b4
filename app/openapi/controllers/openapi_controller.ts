import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import OrganizationController from '#organizations/controllers/organization_controller'
import OrganizationService from '#organizations/services/organization_service'
import OpenAPISpecPolicy from '#openapi/policies/openapi_spec_policy'
import OpenAPISpecService from '#openapi/services/openapi_spec_service'
import type { OpenAPISource } from '#openapi/services/openapi_source'

/**
 * What the OpenAPI controllers share: the caller's access to the organization under the policy,
 * the specification named by `specSlug` (404 when unknown in this organization), and the source of
 * an upload.
 */
@inject()
export default abstract class OpenAPIController extends OrganizationController {
  constructor(
    organizations: OrganizationService,
    protected specs: OpenAPISpecService
  ) {
    super(organizations)
  }

  protected async specFor(ctx: HttpContext, action: 'view' | 'manage') {
    const { user, access } = await this.authorizedAccess(ctx, OpenAPISpecPolicy, action)
    const spec = await this.specs.find(access, ctx.params.specSlug)
    return { user, access, spec }
  }

  /** GitBook's source is one of `url` or `text`. */
  protected sourceOf(input: { source: { url?: string; text?: string } }): OpenAPISource {
    const { url, text } = input.source
    if (url !== undefined && text !== undefined) {
      throw BadRequestException.invalid({
        field: 'source',
        message: 'takes either `url` or `text`, not both',
        rule: 'oneOf',
      })
    }
    return url !== undefined ? { url } : { text: text! }
  }
}
