import { availableParallelism } from 'node:os'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'

/**
 * Worker threads for work on user content that may take long (parsing a large document, validating
 * it against a schema): a domain's tasks run in a pool of its own, so no document — however large
 * or hostile — holds the server's event loop. Each task has a deadline: past it the task is aborted
 * (piscina ends the thread and starts another) and the caller gets TaskTimeoutError. Threads end
 * after a minute idle: a server that parses nothing keeps none.
 *
 * A worker module sits beside the module that makes its pool (`workerBeside`): `name.ts` under
 * ts-node (tests, `node ace serve`), `name.js` in a compiled build. Workers inherit the process's
 * execArgv (ts-node's `--import` loader among them) minus the flags Node refuses in workers.
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
  /** Most threads at once (default 1). */
  maxThreads?: number
  /** Deadline of a task that names none, in ms. */
  defaultTimeoutMs: number
  /** Heap of each thread: a hostile document costs its thread, not the server. */
  maxOldGenerationSizeMb?: number
}

/** Flags Node refuses in worker threads (per-process options). */
const PROCESS_ONLY_FLAGS =
  /^--(no-)?node-snapshot|^--max-old-space-size|^--expose-gc|^--inspect|^--cpu-prof/

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

export class TaskPool {
  #piscina?: Piscina

  constructor(readonly options: TaskPoolOptions) {
    pools.add(this)
  }

  /** Runs the worker module's export `name` on `input` within the deadline. */
  async run<T>(
    name: string,
    input: unknown,
    options: { timeoutMs?: number; signal?: AbortSignal } = {}
  ): Promise<T> {
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

  /** Ends the threads; the next task starts new ones. */
  async close() {
    const current = this.#piscina
    this.#piscina = undefined
    await current?.destroy()
  }

  #pool(): Piscina {
    this.#piscina ??= new Piscina({
      filename: this.options.filename,
      minThreads: 0,
      maxThreads: this.options.maxThreads ?? 1,
      idleTimeout: 60_000,
      execArgv: process.execArgv.filter((flag) => !PROCESS_ONLY_FLAGS.test(flag)),
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb ?? 512 },
    })
    return this.#piscina
  }
}

/** Ends every pool's threads (the server's shutdown, the end of a test run). */
export async function closeTaskPools() {
  await Promise.all([...pools].map((pool) => pool.close()))
}
