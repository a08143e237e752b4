/**
 * Lets timers and I/O callbacks run. A series of awaited SQLite statements never gives them a turn
 * (each query settles synchronously and the next starts from a microtask), so a write of many
 * statements yields between them.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/**
 * How long in-memory work over a batch (a whole imported site's pages) may run before it gives the
 * event loop a turn: other requests wait at most about this long for it.
 */
export const LOOP_SLICE_MS = 8

/** When work pacing itself last gave the event loop a turn (shared: nested loops share a slice). */
let lastTurn = performance.now()

/**
 * `await paceLoop()` in each round of a long loop: it gives the event loop a turn (setImmediate)
 * once the work has run LOOP_SLICE_MS since the last turn it gave, and otherwise costs a clock read
 * (the undefined it answers is awaited as a microtask). The loop's awaits alone never yield: they
 * settle as microtasks, all in one turn of the event loop.
 */
export function paceLoop(sliceMs = LOOP_SLICE_MS): Promise<void> | undefined {
  if (performance.now() - lastTurn < sliceMs) return undefined
  return yieldToEventLoop().then(() => {
    lastTurn = performance.now()
  })
}
