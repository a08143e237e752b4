import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'
import { unicodeLower } from '#core/database/filters'
import { projectPath } from '#core/project_path'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

const sqlitePath = projectPath(env.get('SQLITE_PATH', 'tmp/bindery.sqlite3'))
mkdirSync(dirname(sqlitePath), { recursive: true })

/**
 * SQLite (embedded default) and MySQL/MariaDB (production). Every migration and query runs on both;
 * `DB_CONNECTION` picks one.
 */
const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  prettyPrintDebugQueries: false,
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: {
        filename: sqlitePath,
      },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          conn.pragma('foreign_keys = ON')
          conn.pragma('journal_mode = WAL')
          conn.pragma('synchronous = NORMAL')
          // Checkpoints run in a thread of their own (#core/database/wal_checkpoints): a commit
          // here checkpoints only past 1 GiB of WAL (262,144 pages: a bound should that thread be
          // gone, above any one transaction's writes), and an emptied WAL is cut back to 64 MiB.
          conn.pragma('wal_autocheckpoint = 262144')
          conn.pragma('journal_size_limit = 67108864')
          // better-sqlite3 waits for another process's write lock (WEB_CONCURRENCY) synchronously,
          // blocking the event loop: briefly here, then asynchronously (transactions begin
          // IMMEDIATE and wait between retries: #core/database/prepared_statements).
          conn.pragma('busy_timeout = 20')
          // Unicode-aware LOWER, as MySQL's (case-insensitive filters must match the same rows).
          conn.function('lower', { deterministic: true }, unicodeLower)
          done(null, conn)
        },
      },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
    },
    mysql: {
      client: 'mysql2',
      connection: {
        host: env.get('DB_HOST', '127.0.0.1'),
        port: env.get('DB_PORT', 3306),
        user: env.get('DB_USER', 'root'),
        password: env.get('DB_PASSWORD', ''),
        database: env.get('DB_DATABASE', 'bindery'),
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: false,
        supportBigNumbers: true,
      },
      pool: { min: 0, max: 10 },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
    },
  },
})

export default dbConfig
