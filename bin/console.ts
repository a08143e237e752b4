/*
| Ace entrypoint: boots the application in the console environment and hands over to the Ace kernel.
| Started without `--no-node-snapshot` (a build's own `ace.js` imports this file), it starts itself
| again with the flag first (see bin/no_node_snapshot.js); the project's `ace.js` already has it.
*/
import { relaunchWithoutSnapshot } from './no_node_snapshot.js'

if (!relaunchWithoutSnapshot()) {
  const { prettyPrintError } = await import('@adonisjs/core')
  const { createIgnitor } = await import('./ignitor.js')
  createIgnitor()
    .ace()
    .handle(process.argv.splice(2))
    .catch(async (error) => {
      process.exitCode = 1
      await prettyPrintError(error)
    })
}
