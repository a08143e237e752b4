/*
| Environment variables: validated once at boot. A fresh clone has no `.env`; it is created here from
| `.env.example` with a fresh APP_KEY so that every entrypoint (server, Ace, `npm start`) behaves alike.
| `.env` lives in the project: a compiled build (`build/`) reads the project's (bin/project.js).
*/
import { pathToFileURL } from 'node:url'
import { Env } from '@adonisjs/core/env'
import { ensureDotEnv } from '../bin/dotenv.js'
import { projectRootOf } from '../bin/project.js'

const projectRoot = pathToFileURL(`${projectRootOf(new URL('../', import.meta.url))}/`)
if (process.env.NODE_ENV !== 'test') ensureDotEnv(projectRoot)

export default await Env.create(projectRoot, {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.string(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.string.optional(),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'mysql'] as const),
  SQLITE_PATH: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),

  // Console sessions: database (default), redis (default when REDIS_URL is set) or memory (tests).
  // `cookie` (older .env files) is read as the default: cookie-only sessions cannot be ended.
  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'memory', 'cookie'] as const),
  LIMITER_STORE: Env.schema.enum.optional(['database', 'memory', 'redis'] as const),
  // /v1 requests allowed per minute, per access token and per client address (0: no limit).
  API_RATE_LIMIT_PER_TOKEN: Env.schema.number.optional(),
  API_RATE_LIMIT_PER_IP: Env.schema.number.optional(),

  // File bytes of page content: local disk under DRIVE_ROOT (default storage/).
  DRIVE_DISK: Env.schema.enum.optional(['fs'] as const),
  DRIVE_ROOT: Env.schema.string.optional(),

  // Content imports: hosts (or host:port) reachable even when private or reserved, comma-separated.
  IMPORT_ALLOWED_HOSTS: Env.schema.string.optional(),
  // Largest background import run, in pages (default 5000) and seconds (default 1800); the
  // synchronous POST …/content/import takes at most IMPORT_SYNC_MAX_PAGES (200) pages within
  // IMPORT_SYNC_TIME_BUDGET (60) seconds, and never more than a run.
  IMPORT_MAX_PAGES: Env.schema.number.optional(),
  IMPORT_TIME_BUDGET: Env.schema.number.optional(),
  IMPORT_SYNC_MAX_PAGES: Env.schema.number.optional(),
  IMPORT_SYNC_TIME_BUDGET: Env.schema.number.optional(),
  // Fetches in flight per import (8) and per host (4); a page's conversion deadline in seconds (10);
  // worker threads converting pages (default: the cores available minus one, 1 to 4).
  IMPORT_CONCURRENCY: Env.schema.number.optional(),
  IMPORT_CONCURRENCY_PER_HOST: Env.schema.number.optional(),
  IMPORT_PAGE_TIMEOUT: Env.schema.number.optional(),
  IMPORT_WORKERS: Env.schema.number.optional(),

  // Addresses or CIDRs (comma-separated; also loopback, linklocal, uniquelocal) of the reverse
  // proxies whose X-Forwarded-For is believed; unset, no peer is (request.ip() is the peer's).
  TRUSTED_PROXIES: Env.schema.string.optional(),

  // Background jobs: BullMQ on this Redis when set (else the embedded database poller); the web
  // server runs jobs itself unless JOBS_EMBEDDED=false (then `node ace jobs:work` processes do).
  // (A redis:// URL: the env validator's `url` format accepts http, https and ftp only.)
  REDIS_URL: (key: string, value?: string) => {
    if (!value) return undefined
    if (!/^rediss?:\/\/[^/]/.test(value)) {
      throw new Error(`Value for environment variable "${key}" must be a redis:// or rediss:// URL`)
    }
    return value
  },
  JOBS_EMBEDDED: Env.schema.boolean.optional(),
  // `npm run bench` only: serves its comparison route (app/spaces/routes.ts).
  BENCH_ROUTES: Env.schema.boolean.optional(),
  JOBS_CONCURRENCY: Env.schema.number.optional(),
})
