/*
| The Ignitor every entrypoint (HTTP server, Ace, tests) boots the application with: the same
| importer, environment loading and signal handling.
*/
import 'reflect-metadata'
import cluster from 'node:cluster'
import { Ignitor } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'

const APP_ROOT = new URL('../', import.meta.url)

/**
 * Resolves relative imports of the application (providers, preloads) from its root.
 */
function importer(filePath: string) {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/**
 * Terminates the application gracefully once it is ready; the process ends when nothing is left
 * open. Before that nothing has been served, and AdonisJS would shut its providers down while the
 * boot goes on — leaving a server that listens and no longer stops on a signal — so the process
 * leaves at once (exit code 143, as SIGTERM's).
 */
async function stop(app: ApplicationService) {
  if (!app.isReady && !app.isTerminating) process.exit(143)
  let terminated = false
  // A stop is bounded: whatever still holds the process after the grace period (a hook that
  // never settles, a handle left open) is named on stderr and the process leaves anyway.
  setTimeout(() => {
    const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'Timeout')
    console.error(
      `[bindery] ${terminated ? 'still open' : 'not terminated'} ${STOP_GRACE_MS} ms after SIGTERM (${open.join(', ') || 'nothing listed'}): exiting`
    )
    process.exit(terminated ? 0 : 1)
  }, STOP_GRACE_MS).unref()
  await app.terminate()
  terminated = true
  // A worker of bin/cluster.js: the channel to its primary would keep it alive.
  if (cluster.isWorker) cluster.worker?.disconnect()
}

/** How long a SIGTERM'd process may take to finish its requests and close (bin/cluster.js waits 30 s). */
const STOP_GRACE_MS = 20_000

export function createIgnitor() {
  return new Ignitor(APP_ROOT, { importer }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => stop(app))
    app.listenIf(app.managedByPm2, 'SIGINT', () => stop(app))
    // A worker of bin/cluster.js leaves SIGINT (Ctrl+C reaches the whole process group) to its
    // primary, which stops every worker with SIGTERM: ignored here, it does not kill mid-request.
    app.listenIf(cluster.isWorker && !app.managedByPm2, 'SIGINT', () => {})
  })
}
