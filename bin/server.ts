/*
| HTTP server entrypoint: boots the application in the web environment and starts listening.
|
|   node bin/server.js               serve (a build's; `bin/server.ts` through the TypeScript loader)
|   node bin/server.js --migrate     run pending migrations first, then serve
|
| Started without `--no-node-snapshot`, it starts itself again with the flag first (see
| bin/no_node_snapshot.js). With WEB_CONCURRENCY above 1 it becomes the primary of that many server
| processes sharing the port (bin/cluster.js): the first one runs the migrations (with `--migrate`)
| and listens before the others start. `npm start` (bin/start.js) runs this file with `--migrate`
| and WEB_CONCURRENCY defaulting to the number of cores.
|
| The application is imported only where it runs, so a primary stays a small process.
*/
import cluster from 'node:cluster'
import { fileURLToPath } from 'node:url'
import type { ApplicationService } from '@adonisjs/core/types'
import { relaunchWithoutSnapshot } from './no_node_snapshot.js'
import { runPrimary, webConcurrency } from './cluster.js'

/**
 * Runs pending migrations once the application has booted, before it starts listening (what
 * `node ace migration:run --force` does, without booting a second application). A failure stops
 * the start.
 */
async function migrate(app: ApplicationService) {
  const { MigrationRunner } = await import('@adonisjs/lucid/migration')
  const db = await app.container.make('lucid.db')
  const logger = await app.container.make('logger')
  const migrator = new MigrationRunner(db, app, { direction: 'up', dryRun: false })
  migrator.on('migration:completed', (file) => logger.info('migrated %s', file.file.name))
  await migrator.run()
  if (migrator.status === 'error') throw migrator.error
}

async function serve(options: { migrate: boolean }) {
  const { prettyPrintError } = await import('@adonisjs/core')
  const { createIgnitor } = await import('./ignitor.js')
  const { createNodeServer } = await import('#core/http/node_server')
  await createIgnitor()
    .tap((app) => {
      if (options.migrate) void app.booted(migrate)
    })
    .httpServer()
    .start(createNodeServer)
    .catch(async (error) => {
      await prettyPrintError(error)
      // Open database connections would keep a server that cannot start alive.
      process.exit(1)
    })
}

if (!relaunchWithoutSnapshot()) {
  const migrateFirst = process.argv.includes('--migrate')
  const workers = cluster.isPrimary ? webConcurrency() : 1
  if (workers > 1) {
    runPrimary({
      exec: fileURLToPath(import.meta.url),
      firstArgs: migrateFirst ? ['--migrate'] : [],
      workers,
    })
  } else {
    await serve({ migrate: migrateFirst })
  }
}
