/*
| A small seeded PRNG (mulberry32) for the fuzzer: every case draws from its own generator, seeded
| from (run seed, case number), so one failing case reproduces with `--seed S --case N`.
*/

/** A 32-bit hash of numbers and strings (FNV-1a), to derive per-case seeds. */
export function hash32(...parts) {
  let h = 0x811c9dc5
  for (const part of parts) {
    const text = String(part)
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i)
      h = Math.imul(h, 0x01000193) >>> 0
    }
    h ^= 0xff
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

export class Rng {
  constructor(seed) {
    this.state = seed >>> 0
  }

  /** A float in [0, 1). */
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p) {
    return this.next() < p
  }

  pick(list) {
    return list[Math.floor(this.next() * list.length)]
  }

  /** One of `[weight, value]` pairs, by weight. */
  weighted(pairs) {
    const total = pairs.reduce((sum, [weight]) => sum + weight, 0)
    let x = this.next() * total
    for (const [weight, value] of pairs) {
      x -= weight
      if (x < 0) return value
    }
    return pairs.at(-1)[1]
  }

  string(length, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789') {
    let out = ''
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)]
    return out
  }
}
