/*
| HTTP server entrypoint: boots the application in the web environment and starts listening.
|
|   node bin/server.js               serve (a build's; `bin/server.ts` through the TypeScript loader)
|   node bin/server.js --migrate     run pending migrations first, then serve
|
| Started without `--no-node-snapshot` (or, a build's, without the server's V8 flags), it starts
| itself again with them first (see bin/no_node_snapshot.js). With WEB_CONCURRENCY above 1 it
| becomes the primary of that many server processes sharing the port (bin/cluster.js): the first
| one runs the migrations (with `--migrate`) and listens before the others start. `npm start`
| (bin/start.js) runs this file with `--migrate` and WEB_CONCURRENCY defaulting to the number of
| cores.
|
| The application is imported only where it runs, so a primary stays a small process.
*/
import cluster from 'node:cluster'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import type { ApplicationService } from '@adonisjs/core/types'
import { SERVER_NODE_FLAGS, nodeFlagGiven, relaunchWithFlags } from './no_node_snapshot.js'
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

/**
 * How far V8 lets a heap grow past what its last full collection left live before collecting
 * again: 30 %, instead of the up to 4× it allows on a machine with gigabytes free. The server's
 * live heap is small (~50 MB) and its garbage comes in bursts (an import's conversion threads, the
 * revision it writes and indexes): at 4× the process held 100 MB and more of garbage at the end of
 * a 2,000-page import (see the README's import bench). The flag is read at each collection, so
 * setting it here, before the application loads, covers this process and its worker threads. A
 * `--heap-growing-percent` given to node (command line or NODE_OPTIONS) is kept.
 */
function boundHeapGrowth(percent = 30) {
  if (!nodeFlagGiven('--heap-growing-percent')) {
    v8.setFlagsFromString(`--heap-growing-percent=${percent}`)
  }
}

// From the sources (`node ace serve`) the dev server talks to this process over IPC (hot-hook) and
// restarts it with SIGKILL, which a relaunch's parent would neither pass on nor survive: only a
// build's server starts itself again for the heap flags (Ace passes `--no-node-snapshot` itself).
const fromBuild = import.meta.url.endsWith('.js')
if (!relaunchWithFlags(fromBuild ? SERVER_NODE_FLAGS : [])) {
  boundHeapGrowth()
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
