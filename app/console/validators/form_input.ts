import { emojiCodePoints } from '#core/emoji'

/**
 * A form's empty optional fields ("no parent", "no emoji") are absent, not empty strings.
 */
export function withoutEmpty(fields: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== '' && value !== null)
  )
}

/**
 * A settings form's emptied fields (`clearable`: no emoji, no description, inherited default
 * level) are null, which clears them; fields the form did not send stay absent.
 */
export function emptyAsNull(fields: Record<string, unknown>, clearable: string[]) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      clearable.includes(name) && value === '' ? null : value,
    ])
  )
}

/**
 * A form's empty `optional` fields ("keep the basename", "no default chosen") are absent; the
 * others are validated as sent (an empty title is an error).
 */
export function withoutEmptyOf(fields: Record<string, unknown>, optional: string[]) {
  return Object.fromEntries(
    Object.entries(fields).filter(([name, value]) => !(optional.includes(name) && value === ''))
  )
}

/**
 * A form's emoji (typed or pasted as the character) in GitBook's code-point form ("1f389"), as
 * the API answers it and GitBook's app stores it.
 */
export function withEmojiCodePoints(fields: Record<string, unknown>) {
  const { emoji } = fields
  return typeof emoji === 'string' && emoji.trim() !== ''
    ? { ...fields, emoji: emojiCodePoints(emoji.trim()) }
    : fields
}
