/*
| Creates `.env` from `.env.example` with a fresh APP_KEY when it is missing. Plain JavaScript so that
| `bin/start.js` can call it before any TypeScript loader is registered.
*/
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

export function ensureDotEnv(appRoot) {
  const target = new URL('.env', appRoot)
  if (existsSync(target)) return false
  const example = readFileSync(new URL('.env.example', appRoot), 'utf8')
  const key = randomBytes(32).toString('base64url')
  writeFileSync(target, example.replace(/^APP_KEY=.*$/m, `APP_KEY=${key}`), { mode: 0o600 })
  return true
}
