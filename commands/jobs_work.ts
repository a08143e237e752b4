import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Runs background jobs in this process until it is stopped (SIGINT/SIGTERM): for deployments
 * where the web servers do not (JOBS_EMBEDDED=false) or need help. Same runner, same table, same
 * queue as the embedded one.
 */
export default class JobsWork extends BaseCommand {
  static commandName = 'jobs:work'
  static description = 'Run background jobs until stopped'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    const { JobRunner } = await import('#core/jobs/job_runner')
    const runner = await this.app.container.make(JobRunner)
    await runner.start()
    this.logger.info(`running jobs (${runner.backend}); stop with Ctrl+C`)
    this.app.terminating(() => runner.stop())
    const stop = () => void this.app.terminate()
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  }
}
