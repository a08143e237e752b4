import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import { Piscina } from 'piscina'
import type { Root } from 'mdast'
import type { HeadingAnchor } from '#content/markdown/headings'
import type {
  ConvertInput,
  ConvertOutput,
  RewriteInput,
  RewriteOutput,
  RenderHtmlInput,
  RenderHtmlOutput,
} from '#content/import/page_worker'
import type { Section } from '#content/search/sections'
import type { DeriveInput, DeriveOutput } from '#content/markdown/derive'

/**
 * The content domain's worker threads (piscina): for website imports, page analysis, HTML →
 * markdown, the content-limit check and the link facts of each page, the final link fix-ups, SVG
 * sanitizing and the search sections of imported pages; for every other write, the parse and the
 * derived objects of long page documents (`derive`). No page — however large or hostile — holds the
 * server's event loop. Each task has a deadline: past it the task is aborted (piscina ends the thread and
 * starts another) and the page fails with PageTimeoutError.
 *
 * The worker is page_worker.ts beside this module under ts-node (tests, `node ace serve`), or
 * page_worker.js in a compiled build: the file is resolved next to this one with this one's own
 * extension. Workers inherit the process's execArgv (ts-node's `--import` loader among them) minus
 * the flags Node refuses in workers.
 */

export class PageTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`converting it took longer than ${Math.round(timeoutMs / 100) / 10} s`)
    this.name = 'PageTimeoutError'
  }
}

export interface TaskOptions {
  /** Deadline of the task once it is handed to the pool, in ms. */
  timeoutMs?: number
  /** Aborts the task (an import run cancelled). */
  signal?: AbortSignal
}

/** Default deadline of one page (IMPORT_PAGE_TIMEOUT overrides it through the crawl options). */
export const DEFAULT_PAGE_TIMEOUT_MS = 20_000

/** Flags Node refuses in worker threads (per-process options). */
const PROCESS_ONLY_FLAGS = /^--(no-)?node-snapshot|^--max-old-space-size|^--expose-gc|^--inspect/

export function workerFilename(): string {
  const here = fileURLToPath(import.meta.url)
  const extension = here.endsWith('.ts') ? '.ts' : '.js'
  const file = here.replace(/worker_pool\.(ts|js)$/, `page_worker${extension}`)
  if (!existsSync(file)) throw new Error(`The import worker ${file} is missing`)
  return file
}

let pool: Piscina | undefined

/** Worker threads of the pool: IMPORT_WORKERS, else the cores available minus one (1 to 4). */
export function configuredThreads(): number {
  const configured = Number(process.env.IMPORT_WORKERS)
  if (Number.isInteger(configured) && configured > 0) return Math.min(configured, 16)
  return Math.max(1, Math.min(4, availableParallelism() - 1))
}

function importPool(): Piscina {
  if (pool) return pool
  const threads = configuredThreads()
  pool = new Piscina({
    filename: workerFilename(),
    minThreads: 0,
    maxThreads: threads,
    // Threads end after a minute idle: a server that imports nothing keeps none.
    idleTimeout: 60_000,
    execArgv: process.execArgv.filter((flag) => !PROCESS_ONLY_FLAGS.test(flag)),
    // Each thread gets its own heap limit: a hostile page costs its thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  })
  return pool
}

/** Tasks handed to the threads; the others wait here, so a deadline counts running time only. */
let running = 0
const waiting: Array<() => void> = []

async function slot(signal?: AbortSignal): Promise<void> {
  if (running < configuredThreads()) {
    running++
    return
  }
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      signal?.removeEventListener('abort', aborted)
      running++
      resolve()
    }
    const aborted = () => {
      const at = waiting.indexOf(ready)
      if (at !== -1) waiting.splice(at, 1)
      reject(signal!.reason ?? new Error('aborted'))
    }
    waiting.push(ready)
    signal?.addEventListener('abort', aborted, { once: true })
  })
}

function release() {
  running--
  waiting.shift()?.()
}

async function run<T>(name: string, input: unknown, options: TaskOptions = {}): Promise<T> {
  if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted')
  await slot(options.signal)
  try {
    return await dispatch<T>(name, input, options)
  } finally {
    release()
  }
}

async function dispatch<T>(name: string, input: unknown, options: TaskOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), timeoutMs)
  const signal = options.signal
    ? AbortSignal.any([deadline.signal, options.signal])
    : deadline.signal
  try {
    return (await importPool().run(input, { name, signal })) as T
  } catch (error) {
    if (deadline.signal.aborted) throw new PageTimeoutError(timeoutMs)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

export const contentWorkers = {
  convert: (input: ConvertInput, options?: TaskOptions) =>
    run<ConvertOutput>('convert', input, options),
  rewrite: (input: RewriteInput, options?: TaskOptions) =>
    run<RewriteOutput>('rewrite', input, options),
  sections: (input: { pages: Array<{ markdown: string; title: string }> }, options?: TaskOptions) =>
    run<Section[][]>('sections', input, options),
  sanitizeSvg: (input: { body: Uint8Array }, options?: TaskOptions) =>
    run<Uint8Array | null>('sanitizeSvg', input, options),
  derive: (input: DeriveInput, options?: TaskOptions) =>
    run<DeriveOutput>('derive', input, options),
  renderHtml: (input: RenderHtmlInput, options?: TaskOptions) =>
    run<RenderHtmlOutput>('renderHtml', input, options),
  parse: (input: { markdown: string; limits?: object }, options?: TaskOptions) =>
    run<Root>('parse', input, options),
  headings: (input: { markdown: string; limits?: object }, options?: TaskOptions) =>
    run<HeadingAnchor[]>('headings', input, options),
  terms: (input: { texts: string[] }, options?: TaskOptions) =>
    run<string[]>('terms', input, options),
}

/** Ends the threads (the server's shutdown, the end of a test run). */
export async function closeImportWorkers() {
  const current = pool
  pool = undefined
  await current?.destroy()
}
