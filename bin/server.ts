/*
| HTTP server entrypoint: boots the application in the web environment and starts listening.
| Started without `--no-node-snapshot` (e.g. `node bin/server.js` of a build), it starts itself
| again with the flag first (see bin/no_node_snapshot.js).
*/
import { prettyPrintError } from '@adonisjs/core'
import { relaunchWithoutSnapshot } from './no_node_snapshot.js'
import { createIgnitor } from './ignitor.js'
import { createNodeServer } from '#core/http/node_server'

if (!relaunchWithoutSnapshot()) {
  createIgnitor()
    .httpServer()
    .start(createNodeServer)
    .catch(async (error) => {
      process.exitCode = 1
      await prettyPrintError(error)
    })
}
