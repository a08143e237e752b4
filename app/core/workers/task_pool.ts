import { availableParallelism } from 'node:os'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import { Piscina } from 'piscina'
import { givenNodeFlags } from '../../../bin/no_node_snapshot.js'

/**
 * Worker threads for work on user content that may take long (parsing a large document, validating
 * it against a schema): a domain's tasks run in a pool of its own, so no document — however large
 * or hostile — holds the server's event loop. Each task has a deadline: past it the task is aborted
 * (piscina ends the thread and starts another) and the caller gets TaskTimeoutError. Tasks beyond
 * the pool's threads wait in the pool's own queue, so a deadline counts running time only. Threads
 * end after a minute idle, or the pool's own idleTimeoutMs (a server that parses nothing keeps
 * none), or as soon as they are idle once the pool is released (`release`, the end of a burst of
 * work).
 *
 * A worker module sits beside the module that makes its pool (`workerBeside`): `name.ts` under
 * ts-node (tests, `node ace serve`), `name.js` in a compiled build. Workers inherit the process's
 * execArgv (ts-node's `--import` loader among them) minus the flags Node refuses in workers. A
 * worker module calls runInBackground (thread_priority.ts) first thing: its thread then runs below
 * the event loop's priority, and never slows the loop on a core they share.
 */

export class TaskTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`it took longer than ${Math.round(timeoutMs / 100) / 10} s`)
    this.name = 'TaskTimeoutError'
  }
}

export interface TaskPoolOptions {
  /** Absolute path of the worker module (see workerBeside). */
  filename: string
  /** Most threads at once (default 1); read at each task, so a setting may change. */
  threads?: () => number
  /** Deadline of a task that names none, in ms. */
  defaultTimeoutMs: number
  /** How long a thread lives idle, in ms (default a minute). */
  idleTimeoutMs?: number
  /** Heap of each thread: a hostile document costs its thread, not the server. */
  maxOldGenerationSizeMb?: number
  /**
   * Young generation of each thread (the process's otherwise, see threadYoungGenerationMb): a
   * thread whose tasks make much short-lived garbage collects it less often in a larger one.
   */
  maxYoungGenerationSizeMb?: number
}

/**
 * `--max-semi-space-size` as the process was given it (its command line or NODE_OPTIONS), in MB.
 */
export function processSemiSpaceMb(flags: string[] = givenNodeFlags()): number | undefined {
  let value: number | undefined
  flags.forEach((flag, index) => {
    const match = /^--max[-_]semi[-_]space[-_]size(?:=(\d+))?$/.exec(flag)
    if (match) value = Number(match[1] ?? flags[index + 1])
  })
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined
}

let semiSpaceFlagReleased = false

/**
 * The young generation a pool's threads get. V8 sizes a new thread's young generation by the
 * process's `--max-semi-space-size` whenever that flag is set, over what the thread's
 * resourceLimits ask for: the server sets it (4 MiB, for its main thread's RSS), so a pool's own
 * size was silently the process's. V8 reads the flag when it makes a heap, so once the main
 * thread's heap exists the flag is unset, and every pool names its threads' size: its own, else
 * the process's (three semi-spaces, as V8 counts a young generation), else V8's default.
 */
function threadYoungGenerationMb(own: number | undefined): number | undefined {
  const semiSpace = processSemiSpaceMb()
  if (semiSpace !== undefined && !semiSpaceFlagReleased) {
    setFlagsFromString('--max-semi-space-size=0')
    semiSpaceFlagReleased = true
  }
  return own ?? (semiSpace === undefined ? undefined : 3 * semiSpace)
}

let acceptedFlags: string[] | undefined

/**
 * The process's execArgv a worker thread accepts (ts-node's loader among them). Node refuses
 * per-process and V8 flags in a worker's execArgv (`--no-node-snapshot`, `--max-semi-space-size`,
 * `--expose-gc`…) and names them in the error it throws before starting any thread; which flags
 * those are is Node's to say, so the process's flags are offered once and the refused ones left
 * out (a V8 flag given to node applies to every thread of the process anyway). A denylist here
 * once missed `--max-semi-space-size`, and the server given it did not start.
 */
export function workerExecArgv(): string[] {
  acceptedFlags ??= flagsWorkersAccept(
    process.execArgv.filter((flag) => !MAIN_THREAD_ONLY.test(flag))
  )
  return acceptedFlags
}

/**
 * Flags a worker accepts but that are meant for the main thread: a thread of its own would open
 * another inspector, or write its profile outside `--cpu-prof-dir` (which workers refuse).
 */
const MAIN_THREAD_ONLY = /^--inspect|^--cpu-prof/

export function flagsWorkersAccept(flags: string[]): string[] {
  if (flags.length === 0) return []
  try {
    // Accepted: the probe starts an empty thread, which ends at once.
    new Worker('', { eval: true, execArgv: flags }).unref()
    return [...flags]
  } catch (error) {
    const refused = refusedFlags(error)
    if (!refused) throw error
    const kept = flags.filter((flag) => !refused.has(flag))
    // Offered again: a refused flag's value given as an argument of its own is refused in turn.
    return kept.length < flags.length ? flagsWorkersAccept(kept) : kept
  }
}

/** The flags ERR_WORKER_INVALID_EXEC_ARGV names ("…invalid execArgv flags: --a, --b"). */
function refusedFlags(error: unknown): Set<string> | undefined {
  if (!(error instanceof Error) || !('code' in error)) return undefined
  if (error.code !== 'ERR_WORKER_INVALID_EXEC_ARGV') return undefined
  const listed = error.message.slice(error.message.indexOf(':') + 1)
  return new Set(listed.split(', ').map((flag) => flag.trim()))
}

/** The worker module `baseName` beside `moduleUrl`, with that module's own extension. */
export function workerBeside(moduleUrl: string, baseName: string): string {
  const here = fileURLToPath(moduleUrl)
  const extension = here.endsWith('.ts') ? '.ts' : '.js'
  const file = here.replace(/[^/\\]+\.(ts|js)$/, `${baseName}${extension}`)
  if (!existsSync(file)) throw new Error(`The worker module ${file} is missing`)
  return file
}

/** Cores available to the process, minus one for the event loop (at least one). */
export function spareCores(max: number): number {
  return Math.max(1, Math.min(max, availableParallelism() - 1))
}

const pools = new Set<TaskPool>()

/** A task's deadline and cancellation. */
export interface TaskOptions {
  /** Deadline of the task once a thread takes it, in ms (the pool's default otherwise). */
  timeoutMs?: number
  /** Aborts the task, waiting or running. */
  signal?: AbortSignal
}

export class TaskPool {
  #piscina?: Piscina
  #running = 0
  #waiting: Array<() => void> = []
  #releaseWhenIdle = false
  /** Threads released and still ending (see ended). */
  #ending?: Promise<void>

  constructor(readonly options: TaskPoolOptions) {
    pools.add(this)
  }

  /** Threads alive now. */
  get threads(): number {
    return this.#piscina?.threads.length ?? 0
  }

  /** Runs the worker module's export `name` on `input` within the deadline. */
  async run<T>(name: string, input: unknown, options: TaskOptions = {}): Promise<T> {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted')
    await this.#slot(options.signal)
    try {
      // New threads wait for released ones to end: never both heaps at once.
      await this.#ending
      return await this.#dispatch<T>(name, input, options)
    } finally {
      this.#running--
      this.#waiting.shift()?.()
      this.#releaseIfIdle()
    }
  }

  async #dispatch<T>(name: string, input: unknown, options: TaskOptions): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), timeoutMs)
    const signal = options.signal
      ? AbortSignal.any([deadline.signal, options.signal])
      : deadline.signal
    try {
      return (await this.#pool().run(input, { name, signal })) as T
    } catch (error) {
      if (deadline.signal.aborted) throw new TaskTimeoutError(timeoutMs)
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  /** Waits for a free thread (or the signal's abort). */
  async #slot(signal?: AbortSignal): Promise<void> {
    if (this.#running < this.#threads()) {
      this.#running++
      return
    }
    await new Promise<void>((resolve, reject) => {
      const ready = () => {
        signal?.removeEventListener('abort', aborted)
        this.#running++
        resolve()
      }
      const aborted = () => {
        const at = this.#waiting.indexOf(ready)
        if (at !== -1) this.#waiting.splice(at, 1)
        reject(signal!.reason ?? new Error('aborted'))
      }
      this.#waiting.push(ready)
      signal?.addEventListener('abort', aborted, { once: true })
    })
  }

  #threads(): number {
    return this.options.threads?.() ?? 1
  }

  /**
   * Ends the threads as soon as no task runs or waits, so their heaps are freed now rather than
   * after a minute idle (the end of a burst such as an import's crawl); the next task starts new
   * ones.
   */
  release() {
    this.#releaseWhenIdle = true
    this.#releaseIfIdle()
  }

  #releaseIfIdle() {
    if (!this.#releaseWhenIdle || this.#running > 0 || this.#waiting.length > 0) return
    this.#releaseWhenIdle = false
    const current = this.#piscina
    this.#piscina = undefined
    if (!current) return
    // Nothing runs or waits in it: ending its threads rejects no task.
    const ending: Promise<void> = current
      .destroy()
      .catch(() => {})
      .finally(() => {
        if (this.#ending === ending) this.#ending = undefined
      })
    this.#ending = ending
  }

  /** Resolves once the threads released last have ended (at once when none are ending). */
  ended(): Promise<void> {
    return this.#ending ?? Promise.resolve()
  }

  /** Ends the threads; the next task starts new ones. */
  async close() {
    const current = this.#piscina
    this.#piscina = undefined
    await current?.destroy()
  }

  #pool(): Piscina {
    if (this.#piscina) return this.#piscina
    const youngGenerationMb = threadYoungGenerationMb(this.options.maxYoungGenerationSizeMb)
    this.#piscina = new Piscina({
      filename: this.options.filename,
      minThreads: 0,
      maxThreads: this.#threads(),
      idleTimeout: this.options.idleTimeoutMs ?? 60_000,
      execArgv: workerExecArgv(),
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb ?? 512,
        ...(youngGenerationMb ? { maxYoungGenerationSizeMb: youngGenerationMb } : {}),
      },
    })
    return this.#piscina
  }
}

/** Ends every pool's threads (the server's shutdown, the end of a test run). */
export async function closeTaskPools() {
  await Promise.all([...pools].map((pool) => pool.close()))
}
