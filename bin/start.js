/*
| `npm start`: the one command that takes a fresh clone to a running server.
|
|  1. creates `.env` from `.env.example` with a fresh APP_KEY when it is missing;
|  2. builds the console's assets when they are missing or older than their sources;
|  3. runs the database migrations (SQLite by default: the file is created on first run);
|  4. starts the HTTP server (API under /v1, console under /console) in production mode.
|
| Plain JavaScript so it needs no loader; the server itself runs TypeScript through ts-node (swc).
*/
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureDotEnv } from './dotenv.js'

const root = fileURLToPath(new URL('../', import.meta.url))
process.env.NODE_ENV ??= 'production'

if (ensureDotEnv(new URL('../', import.meta.url))) {
  console.log('[bindery] created .env from .env.example with a fresh APP_KEY')
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    0
  )
}

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    console.error(`[bindery] ${what} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
}

const manifest = join(root, 'public/assets/.vite/manifest.json')
const sourcesChanged = Math.max(
  newestMtime(join(root, 'inertia')),
  newestMtime(join(root, 'vite.config.ts'))
)
if (newestMtime(manifest) < sourcesChanged) {
  console.log('[bindery] building console assets')
  run(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    'console build'
  )
}

run(process.execPath, ['ace', 'migration:run', '--force'], 'database migration')

const server = spawn(
  process.execPath,
  // --no-node-snapshot: see bin/no_node_snapshot.js (isolated-vm).
  ['--no-node-snapshot', '--import=ts-node-maintained/register/esm', 'bin/server.ts'],
  { cwd: root, stdio: 'inherit', env: process.env }
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
