import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { isMainThread } from 'node:worker_threads'

/**
 * How much lower than the event loop worker threads run (nice values: 10 weighs ~1/10 of 0 with
 * Linux's scheduler). A thread converting pages is busy for minutes; on a core it shares with the
 * event loop, at equal priority the loop got half the core and its work (a garbage collection's
 * pause, a request) took twice as long: a 2,000-page import held `/health` for 100–130 ms at times.
 * Lower, the thread yields the core whenever the loop has work and takes all of it otherwise.
 */
export const BACKGROUND_NICENESS = 10

/** The kernel's id of the calling thread (Linux names it in /proc/thread-self), if it has one. */
export function kernelThreadId(): number | undefined {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop())
    return Number.isInteger(id) && id > 0 ? id : undefined
  } catch {
    return undefined
  }
}

/**
 * Lowers the calling worker thread's scheduling priority by BACKGROUND_NICENESS (the nice value is
 * per thread on Linux; raising one's own needs no privilege). Worker modules call it first thing.
 * Never the main thread, whose event loop serves requests; a no-op where threads have no id of
 * their own (other systems). Answers whether the thread now runs in the background.
 */
export function runInBackground(): boolean {
  if (isMainThread) return false
  const id = kernelThreadId()
  if (id === undefined) return false
  try {
    setPriority(id, Math.min(19, getPriority(id) + BACKGROUND_NICENESS))
    return true
  } catch {
    return false
  }
}
