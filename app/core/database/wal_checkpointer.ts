import { Worker } from 'node:worker_threads'
import { createRequire } from 'node:module'
import { stat } from 'node:fs/promises'

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint, with an fsync) on
 * the connection whose commit takes the log past `wal_autocheckpoint` pages. On the server's one
 * connection that is a synchronous call — hundreds of milliseconds on a busy disk after an import
 * wrote a few megabytes — holding the event loop for every other request. The web server therefore
 * turns automatic checkpoints off on its connections (`sqliteConnectionSettings.autoCheckpoint`, read
 * by config/database.ts when a connection opens) and runs them in a thread of its own, on its own
 * connection, every `intervalMs` while the database is written. PASSIVE checkpoints never wait for
 * readers or writers; whatever a reader still needs is copied by a later one.
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
let idle = 0
let lastLog = -1
const checkpoint = () => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage({ busy: row.busy, log: row.log, checkpointed: row.checkpointed })
    // Nothing new in the log since the last one: after idleChecks of those the thread ends.
    idle = row.log === lastLog && row.checkpointed === row.log ? idle + 1 : 0
    lastLog = row.log
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) })
  }
}
const end = () => {
  clearInterval(timer)
  db.close()
  parentPort.close()
}
const timer = setInterval(() => {
  checkpoint()
  if (idle >= workerData.idleChecks) end()
}, workerData.intervalMs)
checkpoint()
parentPort.on('message', () => {
  checkpoint()
  end()
})
`

export interface CheckpointerOptions {
  /** How often the log is looked at, and checkpointed while the thread runs (ms). */
  intervalMs?: number
  /** Checkpoints with nothing new after which the thread ends (it starts again on a write). */
  idleChecks?: number
}

/**
 * The thread runs only while the database is written: the log file's modification time is looked
 * at every `intervalMs` (an asynchronous stat), the thread starts when it changed, and ends after
 * `idleChecks` checkpoints that found nothing new — a server nobody writes to keeps no thread.
 */
export class WalCheckpointer {
  /** Checkpoints run so far, and the last one's report (for tests and diagnostics). */
  checkpoints = 0
  /** Threads started so far. */
  starts = 0
  last?: CheckpointResult
  #worker?: Worker
  #exited?: Promise<void>
  #listeners: Array<(result: CheckpointResult) => void> = []
  #timer: NodeJS.Timeout
  #seen?: number
  #stopped = false
  readonly #intervalMs: number
  readonly #idleChecks: number

  private constructor(
    readonly filename: string,
    options: CheckpointerOptions
  ) {
    this.#intervalMs = options.intervalMs ?? 1000
    this.#idleChecks = options.idleChecks ?? 60
    this.#timer = setInterval(() => void this.#look(), this.#intervalMs)
    this.#timer.unref()
  }

  /** Checkpoints `filename` from a worker thread whenever it is written. */
  static start(filename: string, options: CheckpointerOptions = {}): WalCheckpointer {
    return new WalCheckpointer(filename, options)
  }

  /** Resolves with the next checkpoint's report. */
  next(): Promise<CheckpointResult> {
    return new Promise((resolve) => this.#listeners.push(resolve))
  }

  /** Whether a checkpointing thread runs now. */
  get running(): boolean {
    return this.#worker !== undefined
  }

  /** Stops looking; a running thread makes a last checkpoint and ends. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearInterval(this.#timer)
    const worker = this.#worker
    if (!worker) return
    worker.postMessage('stop')
    const timer = setTimeout(() => void worker.terminate(), 5000)
    await this.#exited
    clearTimeout(timer)
  }

  async #look() {
    let modified: number
    try {
      const log = await stat(`${this.filename}-wal`)
      modified = log.mtimeMs
    } catch {
      return
    }
    const changed = this.#seen !== undefined && modified !== this.#seen
    this.#seen = modified
    if (changed && !this.#worker && !this.#stopped) this.#startThread()
  }

  #startThread() {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3')
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver,
        filename: this.filename,
        intervalMs: this.#intervalMs,
        idleChecks: this.#idleChecks,
      },
      // A small thread: it holds one connection and runs one pragma.
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    })
    this.starts++
    // The thread must never keep a process alive that has nothing else to do.
    worker.unref()
    worker.on('message', (message: CheckpointResult | { error: string }) => {
      if ('error' in message) return
      this.checkpoints++
      this.last = message
      for (const listener of this.#listeners.splice(0)) listener(message)
    })
    worker.on('error', () => {})
    this.#exited = new Promise<void>((resolve) =>
      worker.once('exit', () => {
        if (this.#worker === worker) this.#worker = undefined
        resolve()
      })
    )
    this.#worker = worker
  }
}
