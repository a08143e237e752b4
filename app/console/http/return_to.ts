/**
 * Where the sign-in page returns to: a console path of this server, never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`) nor the sign-in page itself.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.includes('\\') || hasControlCharacters(value)) return null
  const base = 'http://console.invalid'
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return null
  }
  if (url.origin !== base) return null
  if (url.pathname !== '/console' && !url.pathname.startsWith('/console/')) return null
  if (url.pathname === '/console/login' || url.pathname === '/console/logout') return null
  return `${url.pathname}${url.search}`
}

/**
 * The sign-in page's query that brings the visitor back to `path` (nothing for the console's home).
 */
export function returnToQuery(path: string): string {
  const target = safeReturnTo(path)
  return target && target !== '/console' ? `?return=${encodeURIComponent(target)}` : ''
}

function hasControlCharacters(value: string) {
  return [...value].some((character) => character.charCodeAt(0) < 0x20)
}
