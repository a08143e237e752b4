import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { pageEnvelope } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import { isOrganizationAdmin } from '#organizations/organization_access'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpacePolicy from '#spaces/policies/space_policy'
import { authorizeImport } from '#content/controllers/import_controller'
import { ImportBranches } from '#content/contracts/import_branches'
import ImportRunService from '#content/import/import_run_service'
import { serializeImportRun } from '#content/serializers/import_run_serializer'
import {
  listImportRunsValidator,
  startImportRunValidator,
} from '#content/validators/import_run_validators'

/**
 * /v1/org/{organizationId}/imports: website imports in the background (GitBook's import runs).
 * Members of the organization; starting one needs the same right as the synchronous import (edit
 * on a live space, and `author` on the change request when it targets one); a run is read by
 * whoever may read its space, cancelled by its author or whoever may edit the space. The list
 * holds the organization's runs for its admins, the caller's own runs for other members.
 */
@inject()
export default class ImportRunsController {
  constructor(
    private organizations: OrganizationService,
    private access: SpaceAccessService,
    private runs: ImportRunService,
    private branches: ImportBranches
  ) {}

  /** POST (startImportRun): 201 with the pending run. */
  async store(ctx: HttpContext) {
    const { auth, bouncer, params, request, response } = ctx
    const user = auth.getUserOrFail()
    await this.organizations.accessFor(user, params.organizationId)
    const input = await request.validateUsing(startImportRunValidator)
    const access = await this.access.spaceFor(user.id, input.target.space)
    if (access.space.organizationId !== params.organizationId) {
      throw NotFoundException.resource('space', input.target.space)
    }
    await authorizeImport(bouncer, access)
    const changeRequestId = input.target.changeRequest
      ? await this.branches.authorize(user, access, input.target.changeRequest)
      : null
    const run = await this.runs.start(user, access, { url: input.source.url, changeRequestId })
    response.status(201)
    return serializeImportRun(run)
  }

  /** GET (listImportRuns), most recent first. */
  async index({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const organization = await this.organizations.accessFor(user, params.organizationId)
    const { page, limit, ...filters } = await request.validateQuery(listImportRunsValidator)
    const list = await this.runs.list(
      params.organizationId,
      { ...filters, createdById: isOrganizationAdmin(organization) ? undefined : user.id },
      { page, limit }
    )
    return pageEnvelope(list.rows.map(serializeImportRun), list)
  }

  /** GET /{importRunId} (getImportRun). */
  async show(ctx: HttpContext) {
    const { run } = await this.readable(ctx)
    return serializeImportRun(run)
  }

  /** POST /{importRunId}/cancel (cancelImportRun): 200 with the cancelled run. */
  async cancel(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { run, access } = await this.readable(ctx)
    if (run.createdById !== user.id) await ctx.bouncer.with(SpacePolicy).authorize('edit', access)
    return serializeImportRun(await this.runs.cancel(run))
  }

  /** The run the URL names, if the caller may read its space (404 otherwise). */
  private async readable({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    await this.organizations.accessFor(user, params.organizationId)
    const run = await this.runs.find(params.organizationId, params.importRunId)
    try {
      const access = await this.access.spaceFor(user.id, run.spaceId)
      return { run, access }
    } catch (error) {
      if (error instanceof NotFoundException) {
        throw NotFoundException.resource('import run', params.importRunId)
      }
      throw error
    }
  }
}
