import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'
import type { CheckpointResult } from '#core/database/wal_checkpoints'
import { runInBackground } from '#core/workers/thread_priority'

runInBackground()

/**
 * The checkpointing thread of #core/database/wal_checkpoints: its own connection to the database
 * file, a PASSIVE checkpoint every `intervalMs` (cheap when the WAL holds nothing new), and one on
 * request, whose result it answers. The file may not exist yet when the thread starts (a fresh
 * install boots before its first migration creates it): it is opened once it does.
 */
const { filename, intervalMs } = workerData as { filename: string; intervalMs: number }

let connection: Database.Database | undefined

function opened(): Database.Database | undefined {
  if (connection) return connection
  try {
    connection = new Database(filename, { fileMustExist: true })
    // PASSIVE never waits for a lock; the short timeout covers opening the WAL's shared memory.
    connection.pragma('busy_timeout = 20')
  } catch {
    connection = undefined
  }
  return connection
}

function checkpoint(): CheckpointResult {
  const database = opened()
  // SQLite's answer when there is no WAL to checkpoint.
  if (!database) return { busy: 0, log: -1, checkpointed: -1 }
  try {
    const [result] = database.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[]
    return result
  } catch {
    // Locked for now: the next round tries again.
    return { busy: 1, log: -1, checkpointed: -1 }
  }
}

setInterval(checkpoint, intervalMs)
parentPort?.on('message', () => parentPort!.postMessage(checkpoint()))
