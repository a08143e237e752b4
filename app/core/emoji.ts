/**
 * GitBook stores an emoji as its code points in hexadecimal joined by "-" ("1f389",
 * "1f468-200d-1f4bb"); its API also accepts the character itself. These convert between the two,
 * for forms that take the character and views that show it.
 */
const CODE_POINTS = /^[0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,15}$/i

/** Whether `value` is in code-point form. */
export function isCodePointEmoji(value: string): boolean {
  return CODE_POINTS.test(value)
}

/** The code-point form of an emoji given as its character (values already in that form pass). */
export function emojiCodePoints(value: string): string {
  if (isCodePointEmoji(value)) return value.toLowerCase()
  return Array.from(value, (char) => char.codePointAt(0)!.toString(16)).join('-')
}

/**
 * The character of an emoji stored in code-point form; any other value is shown as it is, and
 * code points outside Unicode are left out.
 */
export function emojiCharacters(value: string): string {
  if (!isCodePointEmoji(value)) return value
  const points = value
    .split('-')
    .map((hex) => Number.parseInt(hex, 16))
    .filter((point) => point <= 0x10ffff && (point < 0xd800 || point > 0xdfff))
  return String.fromCodePoint(...points)
}
