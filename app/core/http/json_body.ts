import { Exception } from '@adonisjs/core/exceptions'

/**
 * Deepest nesting of objects and arrays a JSON body may have: room for a GitBook document at the
 * content limits (64 nested lists or blockquotes take ~4 levels each), far below what overflows a
 * recursive walk (~2,800).
 */
export const MAX_JSON_DEPTH = 512

/** Bodies accepted start with an object or an array after JSON whitespace, as AdonisJS's strict mode. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/
const PROTOTYPE_KEYS = /"(?:__proto__|constructor)"\s*:/

/**
 * Parses a JSON request body after checking its nesting without recursion: a body nested thousands
 * of levels deep would otherwise overflow the stack of every recursive walk after JSON.parse
 * (AdonisJS deep-copies each body) and answer a 500. Keys that could reach a prototype are dropped,
 * as AdonisJS's own parser does.
 */
export function parseJsonBody(text: string): unknown {
  if (text === '') return {}
  if (!OBJECT_OR_ARRAY.test(text)) {
    throw new Exception('Invalid JSON, only supports object and array', {
      status: 400,
      code: 'E_BODY_PARSER',
    })
  }
  if (nestingExceeds(text, MAX_JSON_DEPTH)) {
    throw new Exception(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, {
      status: 400,
      code: 'E_JSON_TOO_DEEP',
    })
  }
  try {
    return PROTOTYPE_KEYS.test(text) ? JSON.parse(text, dropPrototypeKeys) : JSON.parse(text)
  } catch (error) {
    throw new Exception((error as Error).message, { status: 400, code: 'E_BODY_PARSER' })
  }
}

/**
 * True when brackets outside strings nest deeper than `max`. Strings are skipped with indexOf (a
 * quote preceded by an odd number of backslashes is escaped), so a body of long strings costs a
 * fraction of JSON.parse. Malformed text is left to JSON.parse.
 */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      i = closingQuote(text, i)
      if (i < 0) return false
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) {
      depth--
    }
  }
  return false
}

/** Index of the quote closing the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1)
  while (quote !== -1) {
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++
    if (backslashes % 2 === 0) return quote
    quote = text.indexOf('"', quote + 1)
  }
  return -1
}

function dropPrototypeKeys(key: string, value: unknown) {
  if (key === '__proto__') return undefined
  if (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value) {
    return undefined
  }
  return value
}
