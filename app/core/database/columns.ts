import { column } from '@adonisjs/lucid/orm'

/**
 * SQLite returns booleans as 0/1 and MySQL as TINYINT: both read back as real booleans.
 */
export function booleanColumn(options: Parameters<typeof column>[0] = {}) {
  return column({
    ...options,
    prepare: (value: unknown) => (value === null || value === undefined ? value : value ? 1 : 0),
    consume: (value: unknown) => toBoolean(value),
  })
}

export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1'
}

/**
 * JSON stored as text on both engines (MySQL's JSON type and SQLite's text differ in what they
 * return; text behaves the same everywhere).
 */
export function jsonColumn(options: Parameters<typeof column>[0] = {}) {
  return column({
    ...options,
    prepare: (value: unknown) =>
      value === null || value === undefined ? null : JSON.stringify(value),
    consume: (value: unknown) => parseJson(value),
  })
}

export function parseJson<T = unknown>(value: unknown): T | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value !== 'string') return value as T
  try {
    return JSON.parse(value) as T
  } catch {
    return null
  }
}

/**
 * A row read with the query builder (snake_case columns) as a record with camelCase keys, NULL and
 * missing values as null: the first step of a domain's `fromRow`, which then converts booleans,
 * numbers and timestamps.
 */
export function camelRow<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value ?? null,
    ])
  ) as T
}
