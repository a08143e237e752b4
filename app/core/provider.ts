import type { ApplicationService } from '@adonisjs/core/types'
import '#core/database/timestamps'
import type { Database } from '@adonisjs/lucid/database'
import env from '#start/env'
import { JobRunner } from '#core/jobs/job_runner'

/** How long a stopping server lets the requests it received finish (bin/ignitor.ts allows 20 s). */
const REQUESTS_GRACE_MS = 15_000

/**
 * The shared kernel: its only route is the liveness probe; boot adds the Request macros
 * (request.validateQuery). Importing the timestamps module here pins
 * luxon to UTC before any model reads a date.
 *
 * It binds the one JobRunner (domains `define` their jobs on it in their providers' boot) and runs
 * it inside the web server unless JOBS_EMBEDDED=false; it stops cleanly when the app terminates.
 */
export default class CoreProvider {
  #runner?: JobRunner

  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(JobRunner, async () => {
      const { createJobRunner } = await import('#core/jobs/main')
      return createJobRunner(this.app)
    })
  }

  async boot() {
    await import('#core/http/request_macros')
    // Before the providers shut down (the database first): requests already received finish.
    const { requestsSettled } = await import('#core/http/node_server')
    this.app.terminating(() => requestsSettled(REQUESTS_GRACE_MS))
    const db = await this.app.container.make('lucid.db')
    await this.cacheStatements(db)
    const { openHotReads } = await import('#core/database/hot_reads')
    openHotReads(db)
    if (['web', 'test'].includes(this.app.getEnvironment())) {
      const { startWalCheckpoints } = await import('#core/database/wal_checkpoints')
      startWalCheckpoints(db)
    }
  }

  /**
   * Every database connection Lucid opens, now or later, compiles each statement once
   * (#core/database/prepared_statements).
   */
  private async cacheStatements(db: Database) {
    const [{ installOn }, emitter] = await Promise.all([
      import('#core/database/prepared_statements'),
      this.app.container.make('emitter'),
    ])
    const install = (connection: { client?: { client: any }; readClient?: { client: any } }) => {
      installOn(connection.client?.client)
      installOn(connection.readClient?.client)
    }
    emitter.on('db:connection:connect', install)
    // The default connection's knex is made now (no database connection is opened by it), so that
    // its very first query already runs through the subclass: the event above comes a tick late.
    db.connection()
    for (const { connection } of db.manager.connections.values())
      if (connection) install(connection)
  }

  async start() {
    await import('#core/routes')
  }

  async ready() {
    if (this.app.getEnvironment() !== 'web' || env.get('JOBS_EMBEDDED') === false) return
    this.#runner = await this.app.container.make(JobRunner)
    await this.#runner.start()
  }

  /** app.terminating: running jobs get the runner's grace period; the rest keep their lease. */
  async shutdown() {
    await this.#runner?.stop()
    const { closeTaskPools } = await import('#core/workers/task_pool')
    await closeTaskPools()
    const { closeHotReads } = await import('#core/database/hot_reads')
    closeHotReads()
    const { stopWalCheckpoints } = await import('#core/database/wal_checkpoints')
    await stopWalCheckpoints()
  }
}
