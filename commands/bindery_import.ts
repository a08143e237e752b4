import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { SingleBar } from 'cli-progress'
import type { ImportRunRecord } from '#content/import/import_run_service'

/** Runs that ended. */
const ENDED = new Set(['completed', 'failed', 'cancelled'])

/**
 * `node ace bindery:import URL --space=ID`: starts a website import run (GitBook's import runs,
 * the same engine and record as `POST /v1/org/{id}/imports`) and follows it to its end with a
 * progress bar. The run is started as `--user` (an e-mail address: that user must be able to edit
 * the space, as through the API), else as an admin of the space's organization (the longest
 * standing one), and recorded as theirs. `--change-request=ID` (id or number) imports into a change
 * request instead of the space. The job runs wherever a runner claims it (the server's embedded
 * runner, `jobs:work`, BullMQ); when none has claimed it after `--wait` seconds, this command runs
 * it itself, so it works with no server running. Ctrl+C cancels the run. Exits 1 when the run
 * fails or is cancelled, 2 on bad input.
 */
export default class BinderyImport extends BaseCommand {
  static commandName = 'bindery:import'
  static description =
    'Import a website into a space (a background import run, followed to its end)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'URL of the website to import (its start page)' })
  declare url: string

  @flags.string({ description: 'Id of the space to import into', required: true })
  declare space: string

  @flags.string({
    flagName: 'change-request',
    description: 'Id or number of a change request of the space to import into',
  })
  declare changeRequest?: string

  @flags.string({
    description: 'E-mail of the user who starts it (default: an admin of the organization)',
  })
  declare user?: string

  @flags.number({
    description: 'Seconds to wait for a job runner before running the import here (default 3)',
  })
  declare wait?: number

  @flags.boolean({ description: 'Print the run as one JSON line at the end, no progress bar' })
  declare json: boolean

  async run() {
    const [{ default: ImportRunService }, { JobRunner }, { ImportRunStarter }] = await Promise.all([
      import('#content/import/import_run_service'),
      import('#core/jobs/job_runner'),
      import('#content/import/import_run_starter'),
    ])
    const runs = await this.app.container.make(ImportRunService)
    const runner = await this.app.container.make(JobRunner)
    const starter = await this.app.container.make(ImportRunStarter)

    let run: ImportRunRecord
    try {
      run = await starter.start({
        url: this.url,
        spaceId: this.space,
        changeRequest: this.changeRequest,
        email: this.user,
      })
    } catch (error) {
      this.exitCode = 2
      const message = error instanceof Error ? error.message : String(error)
      if (this.json) this.logger.log(JSON.stringify({ error: { message } }))
      else this.logger.error(message)
      return
    }
    if (!this.json) this.logger.info(`import run ${run.id} started as ${starter.startedBy}`)

    const cancel = () => void runs.cancel(run).catch(() => {})
    process.once('SIGINT', cancel)
    const bar = this.json ? undefined : progressBar()
    bar?.start(Math.max(1, run.totalResources), 0, { failed: 0, status: run.status })
    const waitMs = Math.max(0, (this.wait ?? 3) * 1000)
    let pendingSince = Date.now()
    let ranHere: Promise<boolean> | undefined
    try {
      for (;;) {
        run = await runs.find(run.organizationId, run.id)
        bar?.setTotal(Math.max(1, run.totalResources, run.importedResources + run.failedResources))
        bar?.update(run.importedResources + run.failedResources, {
          failed: run.failedResources,
          status: run.status,
        })
        if (ENDED.has(run.status)) break
        const job = run.jobId ? await runner.find(run.jobId) : null
        if (job?.status !== 'pending' || job.runAt.getTime() > Date.now()) {
          pendingSince = Date.now()
        } else if (!ranHere && Date.now() - pendingSince >= waitMs) {
          // Nobody claimed it: run it in this process (progress keeps being read meanwhile).
          ranHere = runner.runNow(job.id).finally(() => {
            ranHere = undefined
            pendingSince = Date.now()
          })
        }
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      await ranHere
    } finally {
      process.removeListener('SIGINT', cancel)
      bar?.stop()
    }

    if (this.json) {
      const { serializeImportRun } = await import('#content/serializers/import_run_serializer')
      this.logger.log(JSON.stringify(serializeImportRun(run)))
    } else {
      const counts = `${run.importedResources} imported, ${run.failedResources} failed of ${run.totalResources} resources`
      if (run.status === 'completed') {
        this.logger.success(`import run ${run.id} completed: ${counts}; revision ${run.revisionId}`)
      } else {
        this.logger.error(
          `import run ${run.id} ${run.status}${run.reason ? `: ${run.reason}` : ''} (${counts})`
        )
      }
      for (const error of run.errors.slice(0, 10))
        this.logger.warning(`${error.url}: ${error.reason}`)
      if (run.errors.length > 10) this.logger.warning(`… and ${run.errors.length - 10} more`)
    }
    if (run.status !== 'completed') this.exitCode = 1
  }
}

function progressBar() {
  return new SingleBar({
    format:
      'importing [{bar}] {percentage}% | {value}/{total} resources | {failed} failed | {status}',
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 2000,
    clearOnComplete: false,
  })
}
