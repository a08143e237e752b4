import { getHeapSpaceStatistics } from 'node:v8'

/**
 * A TaskPool task (tests/unit/core/worker_flags.spec.ts): keeps young objects alive long enough
 * for V8 to grow the thread's young generation as far as it may; answers the largest size its
 * new space reached (two semi-spaces), in MB.
 */
export function newSpaceMb(): number {
  let most = 0
  const kept: Array<{ index: number; text: string }> = []
  for (let round = 0; round < 40; round++) {
    for (let index = 0; index < 50_000; index++) kept.push({ index, text: `x${index}` })
    if (kept.length > 400_000) kept.splice(0, 200_000)
    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
    most = Math.max(most, newSpace?.space_size ?? 0)
  }
  return most / 1024 / 1024
}
