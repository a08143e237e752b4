import { getPriority } from 'node:os'
import { kernelThreadId, runInBackground } from '#core/workers/thread_priority'

const applied = runInBackground()

/**
 * A TaskPool task (tests/unit/core/thread_priority.spec.ts): whether the thread lowered its
 * priority as it started, and the nice value it runs at.
 */
export function niceness(): { applied: boolean; nice: number } {
  return { applied, nice: getPriority(kernelThreadId()) }
}
