/**
 * Run as a process of its own (tests/unit/core/worker_flags.spec.ts), with the process's
 * `--max-semi-space-size` the test chooses: prints the new space its pools' threads reached, for
 * a pool that names its young generation and for one that does not.
 */
import { closeTaskPools, TaskPool, workerBeside } from '#core/workers/task_pool'

const filename = workerBeside(import.meta.url, 'young_generation_worker')
const own = new TaskPool({ filename, defaultTimeoutMs: 30_000, maxYoungGenerationSizeMb: 48 })
const theProcess = new TaskPool({ filename, defaultTimeoutMs: 30_000 })
const reached = {
  own: await own.run<number>('newSpaceMb', null),
  theProcess: await theProcess.run<number>('newSpaceMb', null),
}
await closeTaskPools()
console.log(JSON.stringify(reached))
