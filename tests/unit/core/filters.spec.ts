import { test } from '@japa/runner'
import { unicodeLower } from '#core/database/filters'

test.group('unicodeLower (SQLite LOWER)', () => {
  test('folds every letter, one by one, and leaves the rest alone', ({ assert }) => {
    assert.equal(unicodeLower('ÉMILE Zoë Ørsted'), 'émile zoë ørsted')
    // Letter by letter, as MySQL does: a word-final capital sigma becomes σ, not ς.
    assert.equal(unicodeLower('ΟΔΥΣΣΕΥΣ'), 'οδυσσευσ')
    assert.equal(unicodeLower('100% _x_'), '100% _x_')
    assert.isNull(unicodeLower(null))
    assert.equal(unicodeLower(42), '42')
  })
})
