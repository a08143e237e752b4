import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import type User from '#accounts/models/user'
import { isoTimestamp } from '#core/database/timestamps'
import { listQueryValidator } from '#core/http/pagination'
import type { OrganizationAccess } from '#organizations/organization_access'
import OpenAPISpecPolicy from '#openapi/policies/openapi_spec_policy'
import OpenAPISpecService from '#openapi/services/openapi_spec_service'
import { listOperations } from '#openapi/services/operation_html'
import type { OpenAPISpecRow } from '#openapi/records'
import ConsoleAccessService from '#console/services/console_access_service'
import { organizationHeader } from '#console/serializers/administration_props'
import { listQueryOf, pageProps } from '#console/serializers/list_props'
import { formInput, noticeTo } from '#console/http/console_form'
import { consoleOpenAPIUploadValidator } from '#console/validators/openapi_validators'

const policy = new OpenAPISpecPolicy()
const versionQueryValidator = vine.compile(
  vine.object({ version: vine.string().maxLength(64).optional() })
)

/**
 * The organization's OpenAPI specifications in the console (the API's `urls.app` of a spec is its
 * page here): the list and the upload form, a specification's versions with their dates and the
 * operations of one of them, and deleting it. Every member with a role reads; members who may
 * create content upload and delete (the API's policy).
 */
@inject()
export default class ConsoleOpenAPIController {
  constructor(
    private console: ConsoleAccessService,
    private specs: OpenAPISpecService
  ) {}

  /** GET /console/orgs/:organizationId/openapi. */
  async index(ctx: HttpContext) {
    const { user, access } = await this.access(ctx, 'view')
    const page = await this.specs.list(access, await listQueryOf(listQueryValidator, ctx.request))
    return ctx.inertia.render('openapi/index', {
      ...this.shared(user, access),
      specs: page.rows.map((spec) => specProps(spec)),
      ...pageProps({ items: [], ...page }),
    })
  }

  /** POST /console/orgs/:organizationId/openapi: upload (create, or a new version if changed). */
  async store(ctx: HttpContext) {
    const { access } = await this.access(ctx, 'manage')
    const input = await formInput(ctx, consoleOpenAPIUploadValidator, ['slug', 'url', 'text'])
    const source = input.url ? { url: input.url } : { text: input.text! }
    const before = await this.specs.findOrNull(access.organization.id, input.slug)
    const { spec } = await this.specs.createOrUpdate(access, input.slug, source)
    const outcome =
      before?.last_version_id === spec.last_version_id ? 'unchanged' : 'uploaded: new version'
    return noticeTo(ctx, `Specification ${spec.slug} ${outcome}.`, 'console.openapi.show', {
      organizationId: access.organization.id,
      specSlug: spec.slug,
    })
  }

  /** GET /console/orgs/:organizationId/openapi/:specSlug(?version=): versions and operations. */
  async show(ctx: HttpContext) {
    const { user, access } = await this.access(ctx, 'view')
    const spec = await this.specs.find(access, ctx.params.specSlug)
    const { version: selected } = await versionQueryValidator.validate(ctx.request.qs())
    const versions = await this.specs.versions(spec, { limit: 100 })
    const version = await this.specs.versionContent(spec, selected ?? 'latest')
    const document = JSON.parse(version.document)
    return ctx.inertia.render('openapi/show', {
      ...this.shared(user, access),
      spec: specProps(spec),
      versions: versions.rows.map((row) => ({
        id: row.id,
        number: row.number,
        createdAt: isoTimestamp(row.created_at)!,
      })),
      versionCount: versions.count,
      version: {
        id: version.id,
        number: version.number,
        createdAt: isoTimestamp(version.created_at)!,
        format: version.format,
        title: typeof document.info?.title === 'string' ? document.info.title : spec.slug,
        specVersion: String(document.openapi ?? document.swagger ?? ''),
      },
      operations: listOperations(document),
    })
  }

  /** DELETE /console/orgs/:organizationId/openapi/:specSlug. */
  async destroy(ctx: HttpContext) {
    const { access } = await this.access(ctx, 'manage')
    const spec = await this.specs.find(access, ctx.params.specSlug)
    await this.specs.delete(access, spec.slug)
    return noticeTo(ctx, `Specification ${spec.slug} deleted.`, 'console.openapi.index', {
      organizationId: access.organization.id,
    })
  }

  private async access(ctx: HttpContext, action: 'view' | 'manage') {
    const { user, access } = await this.console.organization(ctx)
    await ctx.bouncer.with(OpenAPISpecPolicy).authorize(action, access)
    return { user, access }
  }

  private shared(user: User, access: OrganizationAccess) {
    return {
      organization: organizationHeader(user, access),
      canManage: policy.permissions(user, access).edit,
    }
  }
}

function specProps(spec: OpenAPISpecRow) {
  return {
    slug: spec.slug,
    sourceUrl: spec.source_url,
    visibility: spec.visibility,
    versionCount: spec.version_count,
    updatedAt: isoTimestamp(spec.last_processed_at ?? spec.updated_at)!,
  }
}
