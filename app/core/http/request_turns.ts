import { performance } from 'node:perf_hooks'

/**
 * Requests start in turns of the event loop, so that a busy server still accepts new connections.
 *
 * libuv (1.45 and later, Node 20) accepts one new connection each time the event loop polls, and
 * Node starts a request as soon as its socket is read, in that same poll. Under load, one turn of
 * the loop then runs the requests of every open connection (50 connections × a few ms), and a
 * client connecting meanwhile waits one such turn for each connection queued before it: measured
 * under 50 connections, the last new connections' first answers came after 2–3 s while the others
 * took 0.1–0.2 s (the search bench's p99/p50 spikes).
 *
 * So a request is queued when it arrives, and each turn starts the oldest ones: as many as fit in
 * TURN_BUDGET_MS by what a started request has lately cost the loop (its busy time between two
 * turns, idle time excluded, per request started), and at least one. The rest wait for the next
 * turn (setImmediate), after the loop has polled again. What a request does once started is
 * unchanged, and so is the total work: only starts are spread over more turns. On an idle server
 * a request waits for one setImmediate.
 */
export function startInTurns<Args extends unknown[]>(
  handler: (...args: Args) => unknown,
  options: {
    /** About how much of the loop's time the requests started in one turn should take. */
    budgetMs?: number
    /** The loop's busy time so far, in ms (tests give their own clock). */
    busyMs?: () => number
  } = {}
): (...args: Args) => void {
  const budgetMs = options.budgetMs ?? TURN_BUDGET_MS
  const busyMs = options.busyMs ?? (() => performance.eventLoopUtilization().active)
  const queue: Args[] = []
  let head = 0
  let scheduled = false
  let startedInPreviousTurn = 0
  /** The loop's busy time (ms, since it started) at the previous turn. */
  let busyAtPreviousTurn = busyMs()
  /** Busy time per request started, smoothed over the last turns (0: not measured yet). */
  let costPerStart = 0

  const turn = () => {
    const busy = busyMs()
    if (startedInPreviousTurn > 0) {
      const sample = (busy - busyAtPreviousTurn) / startedInPreviousTurn
      costPerStart = costPerStart === 0 ? sample : costPerStart * 0.7 + sample * 0.3
    }
    busyAtPreviousTurn = busy
    const allowed =
      costPerStart === 0
        ? MAX_STARTS_PER_TURN
        : Math.max(1, Math.min(MAX_STARTS_PER_TURN, Math.floor(budgetMs / costPerStart)))
    let started = 0
    try {
      while (head < queue.length && started < allowed) {
        const args = queue[head]
        queue[head++] = undefined as unknown as Args
        started++
        handler(...args)
      }
    } finally {
      if (head === queue.length) {
        queue.length = 0
        head = 0
      }
      startedInPreviousTurn = started
      if (queue.length > 0) setImmediate(turn)
      else scheduled = false
    }
  }

  return (...args: Args) => {
    queue.push(args)
    if (!scheduled) {
      scheduled = true
      setImmediate(turn)
    }
  }
}

/** About how much of the loop's time the requests started in one turn should take. */
export const TURN_BUDGET_MS = 5

/** The most requests one turn starts, however little they cost. */
const MAX_STARTS_PER_TURN = 64
