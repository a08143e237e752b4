import { Worker } from 'node:worker_threads'
import { createRequire } from 'node:module'

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint, with an fsync) on
 * the connection whose commit takes the log past `wal_autocheckpoint` pages. On the server's one
 * connection that is a synchronous call — hundreds of milliseconds on a busy disk after an import
 * wrote a few megabytes — holding the event loop for every other request. The web server therefore
 * turns automatic checkpoints off on its connections (`sqliteConnectionSettings.autoCheckpoint`, read
 * by config/database.ts when a connection opens) and runs them in a thread of its own, on its own
 * connection, every `intervalMs`. PASSIVE checkpoints never wait for readers or writers; whatever a
 * reader still needs is copied by a later one.
 */
export const sqliteConnectionSettings = { autoCheckpoint: true }

/** What one checkpoint reported: frames in the log and frames copied into the database. */
export interface CheckpointResult {
  busy: number
  log: number
  checkpointed: number
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.filename)
db.pragma('busy_timeout = 1000')
const checkpoint = () => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage({ busy: row.busy, log: row.log, checkpointed: row.checkpointed })
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) })
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs)
parentPort.on('message', () => {
  clearInterval(timer)
  checkpoint()
  db.close()
  parentPort.close()
})
`

export class WalCheckpointer {
  /** Checkpoints run so far, and the last one's report (for tests and diagnostics). */
  checkpoints = 0
  last?: CheckpointResult
  #worker: Worker
  #listeners: Array<(result: CheckpointResult) => void> = []

  private constructor(filename: string, intervalMs: number) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3')
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, filename, intervalMs },
      // A small thread: it holds one connection and runs one pragma.
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    })
    // The thread must never keep a process alive that has nothing else to do.
    this.#worker.unref()
    this.#worker.on('message', (message: CheckpointResult | { error: string }) => {
      if ('error' in message) return
      this.checkpoints++
      this.last = message
      for (const listener of this.#listeners.splice(0)) listener(message)
    })
    this.#worker.on('error', () => {})
  }

  /** Starts checkpointing `filename` every `intervalMs` from a worker thread. */
  static start(filename: string, intervalMs = 1000): WalCheckpointer {
    return new WalCheckpointer(filename, intervalMs)
  }

  /** Resolves with the next checkpoint's report. */
  next(): Promise<CheckpointResult> {
    return new Promise((resolve) => this.#listeners.push(resolve))
  }

  /** Runs a last checkpoint and ends the thread. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()))
    this.#worker.postMessage('stop')
    const timer = setTimeout(() => void this.#worker.terminate(), 5000)
    await exited
    clearTimeout(timer)
  }
}
