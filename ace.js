/*
| JavaScript entrypoint for Ace commands: makes sure Node runs with `--no-node-snapshot` (see
| bin/no_node_snapshot.js; passed on to the processes Ace starts for `test` and `serve`), registers
| the TypeScript loader, then boots the console. The imports are dynamic so that they resolve after
| the relaunch check and the loader are in place.
*/
import { relaunchWithoutSnapshot } from './bin/no_node_snapshot.js'

// Before the command name, the flag is one of the Node arguments Ace gives its child processes.
if (!relaunchWithoutSnapshot(['--no-node-snapshot'])) {
  await import('ts-node-maintained/register/esm')
  await import('./bin/console.js')
}
