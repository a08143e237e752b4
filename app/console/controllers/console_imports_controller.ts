import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpacePolicy from '#spaces/policies/space_policy'
import { authorizeImport } from '#content/controllers/import_controller'
import ImportRunService from '#content/import/import_run_service'
import ConsoleImportsService, { importRunProps } from '#console/services/console_imports_service'
import { formInput, noticeBack } from '#console/http/console_form'
import { consoleImportValidator } from '#console/validators/import_validators'
import { withoutEmpty } from '#console/validators/form_input'

/**
 * A space's website import in the console, through the API's service and rules (startImportRun,
 * getImportRun, cancelImportRun): start one from the space page, follow its progress (a small JSON
 * answer the page polls), cancel it.
 */
@inject()
export default class ConsoleImportsController {
  constructor(
    private access: SpaceAccessService,
    private runs: ImportRunService,
    private imports: ConsoleImportsService
  ) {}

  /** POST /console/spaces/:spaceId/imports: starts a run, back to the space page. */
  async store(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const access = await this.access.spaceFor(user.id, ctx.params.spaceId)
    await authorizeImport(ctx.bouncer, access)
    const { url } = await formInput(ctx, consoleImportValidator, ['url'], withoutEmpty)
    await this.runs.start(user, access, { url })
    return noticeBack(ctx, `Import of ${url} started.`)
  }

  /** GET /console/spaces/:spaceId/imports/:importRunId: the run's progress, as JSON. */
  async show(ctx: HttpContext) {
    const { user, access, run } = await this.imports.runOf(ctx)
    const canCancel = run.createdById === user.id || new SpacePolicy().edit(user, access)
    return importRunProps(run, canCancel)
  }

  /** POST /console/spaces/:spaceId/imports/:importRunId/cancel: back to the space page. */
  async cancel(ctx: HttpContext) {
    const { user, access, run } = await this.imports.runOf(ctx)
    if (run.createdById !== user.id) await ctx.bouncer.with(SpacePolicy).authorize('edit', access)
    await this.runs.cancel(run)
    return noticeBack(ctx, 'Import cancelled: nothing was written to the space.')
  }
}
