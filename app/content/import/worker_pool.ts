import {
  TaskPool,
  TaskTimeoutError,
  spareCores,
  workerBeside,
  type TaskOptions,
} from '#core/workers/task_pool'
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
 * server's event loop. It is a core TaskPool (deadlines, queueing, heap limits) of page_worker.ts:
 * past its deadline a task is aborted and the page fails with PageTimeoutError.
 */

/** A page task past its deadline: the page fails (imports) or reads as its text (renders). */
export { TaskTimeoutError as PageTimeoutError, type TaskOptions }

/** Default deadline of one page (IMPORT_PAGE_TIMEOUT overrides it through the crawl options). */
export const DEFAULT_PAGE_TIMEOUT_MS = 20_000

/** Worker threads of the pool: IMPORT_WORKERS, else the cores available minus one (1 to 4). */
export function configuredThreads(): number {
  const configured = Number(process.env.IMPORT_WORKERS)
  if (Number.isInteger(configured) && configured > 0) return Math.min(configured, 16)
  return spareCores(4)
}

const pool = new TaskPool({
  filename: workerBeside(import.meta.url, 'page_worker'),
  threads: configuredThreads,
  defaultTimeoutMs: DEFAULT_PAGE_TIMEOUT_MS,
  // A page's conversion makes ~15 MB of short-lived objects and keeps its trees a few MB for the
  // page's time: in a young generation of 48 MB (semi-spaces of 16) they die young, where with
  // the server's 4 MiB semi-spaces (SERVER_NODE_FLAGS, for its RSS) they were promoted and the
  // thread ran a full collection every few pages (recompiling, each time, the code of the
  // libraries' per-document closures). 600-page bench: 65–74 → 51–57 ms of CPU a page, +25–40
  // MiB of RSS.
  maxYoungGenerationSizeMb: 48,
})

const run = <T>(name: string, input: unknown, options?: TaskOptions) =>
  pool.run<T>(name, input, options)

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

/**
 * Frees the threads' heaps once no task runs (an import's crawl is over: what follows is the main
 * thread's work); the next task starts them again.
 */
export function releaseImportWorkers() {
  pool.release()
}

/** Resolves once threads released by releaseImportWorkers have ended. */
export function importWorkersEnded(): Promise<void> {
  return pool.ended()
}

/** Threads the pool holds now. */
export function importWorkerThreads(): number {
  return pool.threads
}

/** Ends the threads (the server's shutdown, the end of a test run). */
export async function closeImportWorkers() {
  await pool.close()
}
