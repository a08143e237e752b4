import Database from 'better-sqlite3'
import db from '@adonisjs/lucid/services/db'

/** True when the suite runs on SQLite (better-sqlite3). */
export const onSqlite = () => db.connection().dialect.name === 'better-sqlite3'

/** Compilations of `sql` by the SQLite driver, on any connection, while `work` runs. */
export async function compilationsOf(sql: string, work: () => Promise<void>) {
  const original = Database.prototype.prepare
  let count = 0
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    if (source === sql) count++
    return original.call(this, source)
  } as typeof original
  try {
    await work()
  } finally {
    Database.prototype.prepare = original
  }
  return count
}
