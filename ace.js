/*
| JavaScript entrypoint for Ace commands: makes sure Node runs with `--no-node-snapshot` (see
| bin/no_node_snapshot.js; passed on to the processes Ace starts for `test` and `serve`), then boots
| the console from the compiled build when NODE_ENV=production and the build is fresh (see
| bin/project.js), else from the TypeScript sources through the loader. Commands that work on the
| sources (build, serve, test, make:…, configure, add, eject, generate:key, env:add) always use the
| sources. The imports are dynamic so that they resolve after the relaunch check.
*/
import { relaunchWithoutSnapshot } from './bin/no_node_snapshot.js'

const SOURCE_COMMANDS = /^(build|serve|test|configure|add|eject|generate:key|env:add|make:.*)$/

/** Whether this command runs from the build: production, a fresh build, not a source command. */
async function fromBuild() {
  if (process.env.NODE_ENV !== 'production') return false
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'))
  if (!command || SOURCE_COMMANDS.test(command)) return false
  const { buildStatus } = await import('./bin/project.js')
  return buildStatus(new URL('./', import.meta.url)).fresh
}

// Before the command name, the flag is one of the Node arguments Ace gives its child processes.
if (!relaunchWithoutSnapshot(['--no-node-snapshot'])) {
  if (await fromBuild()) {
    await import('./build/bin/console.js')
  } else {
    await import('ts-node-maintained/register/esm')
    await import('./bin/console.js')
  }
}
