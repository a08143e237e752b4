/**
 * The file of `db`'s default connection when it is SQLite on a file, else null (MySQL, or a
 * database in memory or named by URI: no other connection could open the same one).
 */
export function sqliteFileOf(db: {
  primaryConnectionName: string
  getRawConnection(name: string): { config?: unknown } | undefined
}): string | null {
  const config = db.getRawConnection(db.primaryConnectionName)?.config as
    { client?: unknown; connection?: { filename?: unknown } } | undefined
  const filename = config?.connection?.filename
  if (config?.client !== 'better-sqlite3' || typeof filename !== 'string') return null
  if (filename === '' || filename === ':memory:' || filename.startsWith('file:')) return null
  return filename
}
