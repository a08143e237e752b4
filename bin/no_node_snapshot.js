/*
| isolated-vm (the integrations sandbox) needs Node 20+ started with `--no-node-snapshot`: V8's
| shared read-only heap crashes the process when isolates built from different snapshots live in it
| (isolated-vm's README; laverdet/isolated-vm#420). The flag is refused in NODE_OPTIONS for worker
| threads, so it is passed on the command line: an entrypoint started without it starts itself
| again with it (one extra Node start-up) and mirrors the child's exit and signals.
|
| Plain JavaScript so that it runs before the TypeScript loader.
*/
import { spawn } from 'node:child_process'

const FLAG = '--no-node-snapshot'

export function hasNoSnapshotFlag() {
  return Number(process.versions.node.split('.')[0]) < 20 || process.execArgv.includes(FLAG)
}

/**
 * When this process lacks the flag, runs `node --no-node-snapshot <execArgv> <script> <extraArgs>
 * <args>` and returns true (the caller must then do nothing else); returns false when the flag is
 * already there.
 */
export function relaunchWithoutSnapshot(extraArgs = []) {
  if (hasNoSnapshotFlag() || process.env.BINDERY_NO_RELAUNCH === '1') return false
  const child = spawn(
    process.execPath,
    [FLAG, ...process.execArgv, process.argv[1], ...extraArgs, ...process.argv.slice(2)],
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
