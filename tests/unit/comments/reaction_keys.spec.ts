import { test } from '@japa/runner'
import { emojiOfKey, reactionKey } from '#comments/services/reaction_keys'

test.group('Reaction keys', () => {
  test('round-trip every kind of emoji in lowercase base-36 digits that fit the column', ({
    assert,
  }) => {
    for (const emoji of ['👍', '🎉', '❤', '❤️', '👍🏽', '🇫🇷', '1️⃣', '👨‍👩‍👧‍👦', '🏴󠁧󠁢󠁥󠁮󠁧󠁿']) {
      const key = reactionKey(emoji)
      assert.match(key, /^[0-9a-z]+$/)
      assert.isAtMost(key.length, 32)
      assert.equal(emojiOfKey(key), emoji)
    }
    // Distinct emoji never share a key, whatever the collation (keys are lowercase-only).
    assert.notEqual(reactionKey('👍'), reactionKey('🎉'))
    assert.notEqual(reactionKey('❤'), reactionKey('❤️'))
  })
})
