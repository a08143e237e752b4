import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * Ids of the pages and files of one import, derived from their URL with a key random per import:
 * a worker converting one page writes links to pages and images it has not seen yet as
 * `/pages/<id>` and `/files/<id>`, and every worker and the crawler agree on those ids without
 * talking to each other. The ids have the shape of `newId()` (20 alphanumerics, uniformly drawn
 * from an HMAC), so nothing tells them from random ones.
 */
export function importKey(): string {
  return randomBytes(16).toString('hex')
}

export function derivedId(key: string, kind: 'page' | 'file', url: string, length = 20): string {
  const secret = key === '' ? key : secretOf(key)
  let id = ''
  for (let round = 0; id.length < length; round++) {
    const bytes = createHmac('sha256', secret).update(`${kind}\0${round}\0${url}`).digest()
    for (let i = 0; i < bytes.length && id.length < length; i++) {
      // 248 = 4 * 62: bytes at or above it would skew the distribution.
      if (bytes[i] < 248) id += ALPHABET[bytes[i] % 62]
    }
  }
  return id
}

/** The key as a KeyObject (the same bytes: its UTF-8), made once per import rather than per id. */
let lastSecret: { key: string; secret: KeyObject } | undefined
function secretOf(key: string): KeyObject {
  if (lastSecret?.key !== key)
    lastSecret = { key, secret: createSecretKey(Buffer.from(key, 'utf8')) }
  return lastSecret.secret
}
