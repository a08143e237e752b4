import { randomBytes } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A random, URL-safe identifier of 20 alphanumerics (~119 bits), the shape of GitBook's ids.
 * Rejection sampling keeps every character uniformly distributed.
 */
export function newId(length = 20): string {
  let id = ''
  while (id.length < length) {
    const bytes = randomBytes(length * 2)
    for (let i = 0; i < bytes.length && id.length < length; i++) {
      // 248 = 4 * 62: bytes at or above it would skew the distribution.
      if (bytes[i] < 248) id += ALPHABET[bytes[i] % 62]
    }
  }
  return id
}

/**
 * Ids on the wire are 20 alphanumerics; anything else cannot name a record and is answered 404
 * without a database round trip.
 */
export function isWellFormedId(value: string): boolean {
  return /^[A-Za-z0-9]{20}$/.test(value)
}
