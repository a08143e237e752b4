import { test } from '@japa/runner'
import { chunks, chunksBySize } from '#core/database/chunks'

test.group('statement chunks', () => {
  test('chunks cuts by count', ({ assert }) => {
    assert.deepEqual(chunks([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]])
    assert.deepEqual(chunks([], 2), [])
  })

  test('chunksBySize cuts by count and by characters; a large row goes alone', ({ assert }) => {
    const rows = ['aaaa', 'bb', 'cc', 'dddddddddd', 'e', 'f', 'g']
    assert.deepEqual(
      chunksBySize(rows, 3, 6, (row) => row.length),
      [['aaaa', 'bb'], ['cc'], ['dddddddddd'], ['e', 'f', 'g']]
    )
    assert.deepEqual(
      chunksBySize([], 3, 6, () => 1),
      []
    )
  })
})
