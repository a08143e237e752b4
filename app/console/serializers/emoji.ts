import { emojiCharacters } from '#core/emoji'

/**
 * An emoji as the console shows it: the character, whether it was stored in GitBook's code-point
 * form (as the console's forms and GitBook's app store it) or as the character an API client sent.
 */
export function shownEmoji(emoji: string | null | undefined): string | null {
  return emoji ? emojiCharacters(emoji) : null
}
