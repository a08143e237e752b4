import { Worker } from 'node:worker_threads'
import type { Database } from '@adonisjs/lucid/database'
import { workerBeside, workerExecArgv } from '#core/workers/task_pool'
import { sqliteFileOf } from '#core/database/sqlite_file'

/**
 * SQLite's checkpoints, off the event loop. In WAL mode, committed pages are copied back into the
 * database file by a checkpoint, and by default the connection whose commit takes the WAL past
 * 1,000 pages runs one itself, synchronously: better-sqlite3 runs on the event loop, so the commit
 * of a large transaction (a 2,000-page import's revision and index) held every other request for
 * 0.7–1.2 s, most of it that checkpoint (88 MB of WAL: a commit of 650–940 ms with it, 105–180 ms
 * without). Here a worker thread with a connection of its own runs a PASSIVE checkpoint twice a
 * second (it never waits for a lock, and copies what no reader still needs; one-row writes made
 * during its copy of those 88 MB took at most 20–32 ms); the application's connections checkpoint
 * on their own only past 1 GiB of WAL (`wal_autocheckpoint`, config/database.ts), a bound should
 * that thread be gone.
 */

const INTERVAL_MS = 500

/** What `PRAGMA wal_checkpoint` answers: WAL frames in all and copied back, and whether it was busy. */
export interface CheckpointResult {
  busy: number
  log: number
  checkpointed: number
}

let checkpointer: Worker | undefined

/** Starts the checkpointing thread for the default connection when it is a SQLite file. */
export function startWalCheckpoints(db: Database) {
  if (checkpointer) return
  const filename = sqliteFileOf(db)
  if (filename === null) return
  const worker = new Worker(workerBeside(import.meta.url, 'wal_checkpoint_worker'), {
    workerData: { filename, intervalMs: INTERVAL_MS },
    execArgv: workerExecArgv(),
  })
  // It never keeps the process alive; if it fails, the connections' own checkpoints remain.
  worker.unref()
  const forget = () => {
    if (checkpointer === worker) checkpointer = undefined
  }
  worker.on('error', forget)
  worker.on('exit', forget)
  checkpointer = worker
}

/** Runs one checkpoint in the thread now; answers its result (tests), or null without a thread. */
export function checkpointNow(): Promise<CheckpointResult | null> {
  const worker = checkpointer
  if (!worker) return Promise.resolve(null)
  return new Promise((resolve) => {
    worker.once('message', resolve)
    worker.postMessage('checkpoint')
  })
}

/** Ends the thread (the application's shutdown). */
export async function stopWalCheckpoints() {
  const worker = checkpointer
  checkpointer = undefined
  await worker?.terminate()
}
