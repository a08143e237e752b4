import { DateTime, Settings } from 'luxon'
import { column } from '@adonisjs/lucid/orm'

/**
 * Bindery stores every timestamp in UTC with milliseconds, as `yyyy-MM-dd HH:mm:ss.SSS`. Lucid's own
 * datetime format drops milliseconds on both engines; MySQL columns are DATETIME(3), SQLite keeps the
 * text, which sorts chronologically.
 */
export const SQL_TIMESTAMP_FORMAT = 'yyyy-MM-dd HH:mm:ss.SSS'

Settings.defaultZone = 'utc'

export function toSqlTimestamp(value: DateTime | Date): string {
  const dateTime = value instanceof Date ? DateTime.fromJSDate(value) : value
  return dateTime.toUTC().toFormat(SQL_TIMESTAMP_FORMAT)
}

/**
 * Reads a timestamp as either engine returns it: a `Date` (mysql2) or text (SQLite).
 */
export function fromSqlTimestamp(value: unknown): DateTime | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' })
  if (DateTime.isDateTime(value)) return value.toUTC()
  if (typeof value === 'string') {
    // The stored form, parsed by hand: DateTime.fromSQL tries many formats (~4× the cost), and
    // every record read parses two or three of these.
    const parts = STORED_TIMESTAMP.exec(value)
    if (parts) {
      const [, year, month, day, hour, minute, second, millis = '0'] = parts
      return DateTime.fromMillis(
        Date.UTC(+year, +month - 1, +day, +hour, +minute, +second, +millis.padEnd(3, '0')),
        { zone: 'utc' }
      )
    }
    return DateTime.fromSQL(value, { zone: 'utc' })
  }
  return null
}

/** `yyyy-MM-dd HH:mm:ss[.SSS]`, as SQLite keeps Bindery's timestamps. */
const STORED_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/

/**
 * ISO 8601 UTC with milliseconds, as the wire format has it.
 */
export function isoTimestamp(value: unknown): string | undefined {
  return fromSqlTimestamp(value)?.toISO() ?? undefined
}

/**
 * `@column.dateTime` with millisecond precision on both engines.
 */
export function timestampColumn(options: Parameters<typeof column.dateTime>[0] = {}) {
  return column.dateTime({
    ...options,
    prepare: (value: DateTime | null | undefined) => (value ? toSqlTimestamp(value) : value),
    consume: (value: unknown) => fromSqlTimestamp(value),
  })
}
