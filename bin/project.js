/*
| Where the project and its compiled build live, and whether the build is fresh.
|
| `node ace build` compiles the application into `build/` (tsconfig.json's outDir). A build carries a
| stamp, `build/bindery-build.json`, written by the build hook in adonisrc.ts: when the build
| started, and where the project is seen from the build (`..`). The project keeps `.env` and every
| relative path of the configuration (SQLITE_PATH, DRIVE_ROOT), so a build reads the same database
| and files as the TypeScript sources, and rebuilding (which empties `build/`) never touches data.
|
| Plain JavaScript: `bin/start.js` and `ace.js` use it before any TypeScript loader, and the build
| carries a copy (adonisrc.ts `metaFiles`) for start/env.ts and the config files.
*/
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** tsconfig.json's `outDir`. */
export const BUILD_DIR = 'build'

/** The stamp a finished build carries (in its root). */
export const STAMP_FILE = 'bindery-build.json'

/**
 * What a build is made of: a file here newer than the build's start makes the build stale. Tests,
 * the bench and the fuzzer are not part of what the server runs.
 */
export const BUILD_SOURCES = [
  'adonisrc.ts',
  'app',
  'bin',
  'commands',
  'config',
  'database',
  'inertia',
  'package-lock.json',
  'package.json',
  'resources',
  'start',
  'tsconfig.json',
  'vite.config.ts',
]

function toPath(location) {
  return location instanceof URL ? fileURLToPath(location) : String(location)
}

/** The stamp of the build at `buildDir`, or null when there is none (or it is unreadable). */
export function readStamp(buildDir) {
  try {
    const stamp = JSON.parse(readFileSync(join(toPath(buildDir), STAMP_FILE), 'utf8'))
    return Number.isFinite(stamp.startedAt) && typeof stamp.project === 'string' ? stamp : null
  } catch {
    return null
  }
}

/**
 * The project directory of an application root: the root itself when it runs from the sources,
 * the directory its stamp names when it is a build.
 */
export function projectRootOf(appRoot) {
  const root = toPath(appRoot)
  const stamp = readStamp(root)
  return stamp ? resolve(root, stamp.project) : resolve(root)
}

/** The newest modification time (ms) under `path`, a file or a directory; 0 when it is missing. */
export function newestMtime(path) {
  let stat
  try {
    stat = statSync(path)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, name)))
  }
  return newest
}

/** The newest modification time (ms) of the build's sources in `projectDir`. */
export function newestSourceMtime(projectDir) {
  const root = toPath(projectDir)
  return Math.max(...BUILD_SOURCES.map((source) => newestMtime(join(root, source))))
}

/**
 * Whether `projectDir`'s build can serve: `{fresh, reason}`, where `reason` says why not (no build,
 * an unfinished one, or which sources changed since it started).
 */
export function buildStatus(projectDir) {
  const root = toPath(projectDir)
  const buildDir = join(root, BUILD_DIR)
  const stamp = readStamp(buildDir)
  if (!stamp || !existsSync(join(buildDir, 'bin/server.js'))) {
    return { fresh: false, reason: 'there is no complete build' }
  }
  const newest = newestSourceMtime(root)
  if (newest > stamp.startedAt) {
    return { fresh: false, reason: 'sources changed since the last build' }
  }
  return { fresh: true, reason: 'the build is newer than its sources' }
}

/** Writes the stamp of a build of `projectDir` that started at `startedAt` and just finished. */
export function writeStamp(projectDir, startedAt) {
  const root = toPath(projectDir)
  const buildDir = join(root, BUILD_DIR)
  const stamp = { startedAt, finishedAt: Date.now(), project: relative(buildDir, root) || '.' }
  writeFileSync(join(buildDir, STAMP_FILE), `${JSON.stringify(stamp)}\n`)
  return stamp
}
