import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#accounts/models/user'
import SpacePolicy from '#spaces/policies/space_policy'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { SpaceAccess } from '#spaces/records'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import ImportRunService, { type ImportRunRecord } from '#content/import/import_run_service'

/** Errors a run shows in the console (the API lists up to 100). */
const SHOWN_ERRORS = 10

/**
 * The website import of a space page: whether the user may start one (the API's rule: edit on a
 * live space) and the space's latest run with its progress.
 */
@inject()
export default class ConsoleImportsService {
  constructor(
    private access: SpaceAccessService,
    private runs: ImportRunService
  ) {}

  async websiteImport(user: User, access: SpaceAccess) {
    const latest = await this.runs.latestOfSpace(access.space.id)
    const canImport = new SpacePolicy().edit(user, access)
    return {
      canImport,
      latest: latest ? importRunProps(latest, canImport || latest.createdById === user.id) : null,
    }
  }

  /** The run of `:importRunId` in the space of `:spaceId` the user sees (404 otherwise). */
  async runOf({ auth, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    const run = await this.runs.find(access.space.organizationId, params.importRunId)
    if (run.spaceId !== access.space.id) {
      throw NotFoundException.resource('import run', params.importRunId)
    }
    return { user, access, run }
  }
}

/** A run as the space page's progress bar shows it. */
export function importRunProps(run: ImportRunRecord, canCancel: boolean) {
  const active = run.status === 'pending' || run.status === 'in-progress'
  return {
    id: run.id,
    url: run.sourceUrl,
    status: run.status,
    active,
    canCancel: active && canCancel,
    importedResources: run.importedResources,
    totalResources: run.totalResources,
    failedResources: run.failedResources,
    errors: run.errors.slice(0, SHOWN_ERRORS),
    reason: run.reason,
    createdAt: run.createdAt.toISO()!,
    completedAt: run.completedAt?.toISO() ?? null,
  }
}

export type ImportRunProps = ReturnType<typeof importRunProps>
