/*
| isolated-vm (the integrations sandbox) needs Node 20+ started with `--no-node-snapshot`: V8's
| shared read-only heap crashes the process when isolates built from different snapshots live in it
| (isolated-vm's README; laverdet/isolated-vm#420). The flag is refused in NODE_OPTIONS for worker
| threads, so it is passed on the command line: an entrypoint started without it starts itself
| again with it (one extra Node start-up) and mirrors the child's exit and signals.
|
| `bin/start.js` and a build's `bin/server.js` do the same for SERVER_NODE_FLAGS, V8 flags that
| must be given before the process's heap exists.
|
| Plain JavaScript so that it runs before the TypeScript loader.
*/
import { spawn } from 'node:child_process'

const FLAG = '--no-node-snapshot'

/**
 * Node flags the server runs with, besides `--no-node-snapshot`. Semi-spaces of 4 MiB: V8's young
 * generation otherwise grows to 2 × 16 MiB in the main thread, and (before core's TaskPool named
 * its threads' own size) in each worker thread; at 4 MiB a 600-page import grew the server's RSS
 * by ~150 MiB instead of ~190 (see the README's import bench). A value given to node, on its
 * command line or in NODE_OPTIONS, is kept.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4']

export function hasNoSnapshotFlag() {
  return Number(process.versions.node.split('.')[0]) < 20 || process.execArgv.includes(FLAG)
}

/**
 * Whether node was given a value of `flag`'s option (`--name` of `--name=value`), on its command
 * line or in NODE_OPTIONS: an operator's value is kept.
 */
export function nodeFlagGiven(flag) {
  const name = flag.split('=')[0]
  return givenNodeFlags().some((arg) => arg === name || arg.startsWith(`${name}=`))
}

/** The flags node was given: its command line's, then NODE_OPTIONS'. */
export function givenNodeFlags() {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
}

/**
 * When this process lacks `--no-node-snapshot` or one of `flags`, runs `node <missing flags>
 * <execArgv> <script> <extraArgs> <args>` and returns true (the caller must then do nothing
 * else); returns false when nothing is missing.
 */
export function relaunchWithFlags(flags = [], extraArgs = []) {
  if (process.env.BINDERY_NO_RELAUNCH === '1') return false
  const missing = [
    ...(hasNoSnapshotFlag() ? [] : [FLAG]),
    ...flags.filter((flag) => !nodeFlagGiven(flag)),
  ]
  if (missing.length === 0) return false
  const child = spawn(
    process.execPath,
    [...missing, ...process.execArgv, process.argv[1], ...extraArgs, ...process.argv.slice(2)],
    { stdio: 'inherit', env: process.env }
  )
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal))
  }
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
  return true
}

/** relaunchWithFlags for `--no-node-snapshot` alone (Ace and the other entrypoints). */
export function relaunchWithoutSnapshot(extraArgs = []) {
  return relaunchWithFlags([], extraArgs)
}
