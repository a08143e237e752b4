/*
| Words and a seeded text generator shared by the content bench and its generated site.
*/
export const WORDS = (
  'api access account admin billing branch cache change client cluster config content deploy ' +
  'domain editor endpoint environment export feature file guide history import index install ' +
  'integration invoice layout limit markdown member merge metric migrate monitor network node ' +
  'notice organization page permission pipeline plan policy preview project query queue ' +
  'release request review role rollback runtime schema search secret server session setting ' +
  'snapshot space storage subscription sync team template token trigger upgrade upload user ' +
  'variable version webhook workflow workspace'
).split(' ')

/** A small seeded generator, so every run builds the same space. */
export function generator(seed) {
  let state = seed >>> 0
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
  const pick = (list) => list[Math.floor(next() * list.length)]
  const sentence = (length) => {
    const words = Array.from({ length }, () => pick(WORDS))
    return words[0][0].toUpperCase() + words.join(' ').slice(1) + '.'
  }
  const paragraph = (sentences) =>
    Array.from({ length: sentences }, () => sentence(6 + Math.floor(next() * 10))).join(' ')
  return { next, pick, sentence, paragraph }
}
