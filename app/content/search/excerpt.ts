/**
 * A short passage of a section's text around the first place a query word occurs, cut at word
 * boundaries, with `…` where text was left out. Without an occurrence (the hit was in a title), the
 * start of the text.
 */
export const EXCERPT_LENGTH = 240

export function excerpt(body: string, needles: string[], length = EXCERPT_LENGTH): string {
  const text = body.replace(/\s+/g, ' ').trim()
  // No more UTF-16 units than `length`: no more code points either.
  if (text.length <= length) return text
  const lower = text.toLowerCase()
  let at = -1
  for (const needle of needles) {
    const found = needle ? lower.indexOf(needle) : -1
    if (found >= 0 && (at < 0 || found < at)) at = found
  }
  const chars = [...text]
  if (chars.length <= length) return text
  // Code-point position of the match (indexOf counts UTF-16 units).
  const position = at < 0 ? 0 : [...text.slice(0, at)].length
  let start = Math.max(0, position - Math.floor(length / 3))
  let end = Math.min(chars.length, start + length)
  start = Math.max(0, end - length)
  if (start > 0) {
    const space = chars.indexOf(' ', start)
    if (space >= 0 && space < position) start = space + 1
  }
  if (end < chars.length) {
    const space = chars.lastIndexOf(' ', end)
    if (space > position) end = space
  }
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`
}
