/**
 * How a reaction's emoji is stored. MySQL's default collations compare every emoji equal to every
 * other (utf8mb4_general_ci: all supplementary characters weigh the same), so the reactions table's
 * key (comment, emoji, user) would take 👍 and 🎉 for one reaction. Stored instead as each code
 * point in four lowercase base-36 digits, a key that compares the same way under any collation and
 * on SQLite; 8 code points (a four-person family, a subdivision flag) fill the 32-character column.
 */
const WIDTH = 4

export function reactionKey(emoji: string): string {
  return Array.from(emoji, (char) => char.codePointAt(0)!.toString(36).padStart(WIDTH, '0')).join(
    ''
  )
}

export function emojiOfKey(key: string): string {
  const codePoints: number[] = []
  for (let i = 0; i < key.length; i += WIDTH)
    codePoints.push(Number.parseInt(key.slice(i, i + WIDTH), 36))
  return String.fromCodePoint(...codePoints)
}
