import { test } from '@japa/runner'
import { LOOP_SLICE_MS, paceLoop, yieldToEventLoop } from '#core/event_loop'

/** Runs synchronously for `ms` milliseconds (a loop's in-memory work). */
function busy(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until);
}

test.group('The event loop: long work gives it turns', () => {
  test('yieldToEventLoop lets a timer run between statements', async ({ assert }) => {
    let ran = false
    setTimeout(() => (ran = true), 0)
    // Microtasks alone never give the timer its turn.
    for (let i = 0; i < 1000; i++) await Promise.resolve()
    assert.isFalse(ran)
    await new Promise((resolve) => setTimeout(resolve, 2))
    ran = false
    setImmediate(() => (ran = true))
    await yieldToEventLoop()
    assert.isTrue(ran)
  })

  test('a paced loop gives timers and I/O a turn once a slice has run, not before', async ({
    assert,
  }) => {
    await yieldToEventLoop()
    await paceLoop()
    let turns = 0
    const ticking = setInterval(() => turns++, 0)
    try {
      // Rounds much shorter than a slice: the first ones give no turn.
      for (let round = 0; round < 3; round++) await paceLoop()
      assert.equal(turns, 0)
      // Forty rounds of a quarter slice each: about ten slices, each ending in a turn.
      for (let round = 0; round < 40; round++) {
        busy(LOOP_SLICE_MS / 4)
        await paceLoop()
      }
      assert.isAtLeast(turns, 5)
      assert.isAtMost(turns, 40)
    } finally {
      clearInterval(ticking)
    }
  })
})
