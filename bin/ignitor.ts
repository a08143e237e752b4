/*
| The Ignitor every entrypoint (HTTP server, Ace, tests) boots the application with: the same
| importer, environment loading and signal handling.
*/
import 'reflect-metadata'
import { Ignitor } from '@adonisjs/core'

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

export function createIgnitor() {
  return new Ignitor(APP_ROOT, { importer }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
}
