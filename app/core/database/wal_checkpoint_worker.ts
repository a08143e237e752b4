import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

/**
 * The checkpointing thread of #core/database/wal_checkpoints: its own connection to the database
 * file, a PASSIVE checkpoint every `intervalMs` (cheap when the WAL holds nothing new), and one on
 * request, whose result it answers.
 */
const { filename, intervalMs } = workerData as { filename: string; intervalMs: number }

let connection: Database.Database | undefined
try {
  connection = new Database(filename, { fileMustExist: true })
  // PASSIVE never waits for a lock; the short timeout covers opening the WAL's shared memory.
  connection.pragma('busy_timeout = 20')
} catch {
  // No database file yet (a fresh install before its migrations): the next start has one.
  process.exit(0)
}

function checkpoint() {
  try {
    const [result] = connection!.pragma('wal_checkpoint(PASSIVE)') as Array<{
      busy: number
      log: number
      checkpointed: number
    }>
    return result
  } catch {
    // Locked or closed for now: the next round tries again.
    return { busy: 1, log: -1, checkpointed: -1 }
  }
}

setInterval(checkpoint, intervalMs)
parentPort?.on('message', () => parentPort!.postMessage(checkpoint()))
