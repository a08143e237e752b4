import type IsolatedVM from 'isolated-vm'
import env from '#start/env'
import { parseAllowedHosts, SsrfGuard } from '#content/import/ssrf_guard'
import { guardedFetch } from '#content/import/http_fetch'
import { PRELUDE } from '#integrations/runtime/prelude'

/**
 * Runs an integration's published script — untrusted JavaScript — in a fresh V8 isolate
 * (isolated-vm) per run, the way GitBook's integrations runtime calls a worker: the script's
 * fetch-style handler (`export default { fetch }`, what `createIntegration` returns, the
 * `__gitbook_integration` global of GitBook's IIFE bundles, or an old `addEventListener('fetch')`
 * worker) receives one POST Request whose JSON body is `{event, environment}` (it also reads as the
 * form fields `event` and `environment` GitBook's runtime parses) and answers a Response.
 *
 * Inside the isolate there is only the language and the prelude's shims (console, setTimeout,
 * fetch, Request/Response/Headers/FormData/URL/TextEncoder...): no process, require, module
 * imports, files or environment. fetch goes through the host's SSRF guard and guarded fetcher
 * (private and loopback addresses refused unless IMPORT_ALLOWED_HOSTS lists them; time, size and
 * count bounded). Memory, CPU and wall time are bounded; the isolate is disposed at the deadline,
 * and every call into it is asynchronous, so a script never blocks the server's event loop.
 */

export interface SandboxLimits {
  /** Heap of the isolate, in MB. */
  memoryMb: number
  /** The whole run, async work included. */
  wallTimeMs: number
  /** CPU time the isolate may use. */
  cpuTimeMs: number
  maxLogLines: number
  maxLogBytes: number
  maxLogLineChars: number
  /** fetch calls per run. */
  maxFetches: number
  fetchTimeoutMs: number
  fetchMaxBytes: number
  /** Pending setTimeout calls at once. */
  maxTimers: number
  /** Characters of the response body kept. */
  maxResponseChars: number
  maxScriptBytes: number
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  memoryMb: 64,
  wallTimeMs: 10_000,
  cpuTimeMs: 5000,
  maxLogLines: 200,
  maxLogBytes: 64 * 1024,
  maxLogLineChars: 4096,
  maxFetches: 20,
  fetchTimeoutMs: 5000,
  fetchMaxBytes: 2 * 1024 * 1024,
  maxTimers: 100,
  maxResponseChars: 1_000_000,
  maxScriptBytes: 5 * 1024 * 1024,
}

export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug'

export interface ScriptLog {
  level: LogLevel
  message: string
  /** ISO 8601 UTC. */
  at: string
}

export interface ScriptResponse {
  status: number
  headers: Record<string, string>
  body: string
  /** The body was longer than maxResponseChars and was cut. */
  truncated: boolean
}

export interface RunScriptInput {
  script: string
  /** The GitBook event (`type`, `eventId`, ...). */
  event: Record<string, unknown>
  /** GitBook's IntegrationEnvironment: apiEndpoint, apiTokens, integration, installation... */
  environment: Record<string, unknown>
  limits?: Partial<SandboxLimits>
  /** The guard fetch goes through; default: one built from IMPORT_ALLOWED_HOSTS. */
  guard?: SsrfGuard
  /** URL of the dispatch Request (its path is the runtime version GitBook's runtime checks). */
  dispatchUrl?: string
  /** isolated-vm itself (tests pass null to see the "unavailable" path). */
  runtime?: typeof IsolatedVM | null
}

export interface RunScriptResult {
  status: 'succeeded' | 'failed'
  durationMs: number
  logs: ScriptLog[]
  /** Some console lines were dropped (line or byte limit). */
  logsTruncated: boolean
  fetches: number
  /** Why the run failed, one sentence. */
  error?: string
  /** The handler's answer (also on a failed run whose handler answered 5xx). */
  response?: ScriptResponse
}

export const RUNTIME_UNAVAILABLE = 'integration runtime unavailable'
export const DEFAULT_DISPATCH_URL = 'https://integrations.bindery.invalid/v1'
const USER_AGENT = 'Bindery-Integrations/1.0'
/** Request headers a script may not set (the fetcher owns the connection). */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
])

let loading: Promise<typeof IsolatedVM | null> | undefined

/** isolated-vm, or null when it cannot be loaded here (optional dependency, native build). */
export function loadIsolatedVm(): Promise<typeof IsolatedVM | null> {
  loading ??= import('isolated-vm').then(
    (module) => ((module as any).default ?? module) as typeof IsolatedVM,
    () => null
  )
  return loading
}

/** Console lines as the host keeps them: bounded in count and bytes. */
class LogBuffer {
  entries: ScriptLog[] = []
  truncated = false
  #bytes = 0

  constructor(private limits: SandboxLimits) {}

  add(level: unknown, message: unknown) {
    const text = String(message).slice(0, this.limits.maxLogLineChars)
    const size = Buffer.byteLength(text)
    if (
      this.entries.length >= this.limits.maxLogLines ||
      this.#bytes + size > this.limits.maxLogBytes
    ) {
      this.truncated = true
      return
    }
    this.#bytes += size
    const known = ['log', 'info', 'warn', 'error', 'debug'].includes(String(level))
    this.entries.push({
      level: (known ? level : 'log') as LogLevel,
      message: text,
      at: new Date().toISOString(),
    })
  }
}

/** Runs one event through a script. Never throws for the script's faults: they are the result. */
export async function runIntegrationScript(input: RunScriptInput): Promise<RunScriptResult> {
  const started = performance.now()
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...input.limits }
  const logs = new LogBuffer(limits)
  let fetches = 0
  const finish = (
    status: RunScriptResult['status'],
    extra: Pick<RunScriptResult, 'error' | 'response'> = {}
  ): RunScriptResult => ({
    status,
    durationMs: Math.round(performance.now() - started),
    logs: logs.entries,
    logsTruncated: logs.truncated,
    fetches,
    ...extra,
  })

  const ivm = input.runtime === undefined ? await loadIsolatedVm() : input.runtime
  if (!ivm) return finish('failed', { error: RUNTIME_UNAVAILABLE })
  if (typeof input.script !== 'string' || input.script.trim() === '') {
    return finish('failed', { error: 'the integration has no script' })
  }
  if (Buffer.byteLength(input.script) > limits.maxScriptBytes) {
    return finish('failed', { error: `the script is larger than ${limits.maxScriptBytes} bytes` })
  }

  let body: string
  try {
    body = JSON.stringify({ event: input.event, environment: input.environment })
  } catch {
    return finish('failed', { error: 'the event or environment is not JSON' })
  }

  const guard =
    input.guard ??
    new SsrfGuard({ allowedHosts: parseAllowedHosts(env.get('IMPORT_ALLOWED_HOSTS')) })
  const stopFetches = new AbortController()
  const hostTimers = new Set<NodeJS.Timeout>()
  let killedBecause: string | undefined

  let isolate: IsolatedVM.Isolate
  try {
    isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb })
  } catch (error) {
    return finish('failed', { error: `${RUNTIME_UNAVAILABLE}: ${(error as Error).message}` })
  }
  const kill = (reason: string) => {
    killedBecause ??= reason
    if (!isolate.isDisposed) isolate.dispose()
  }
  const wallTimer = setTimeout(
    () => kill(`the script ran longer than ${limits.wallTimeMs} ms`),
    limits.wallTimeMs
  )
  const cpuWatch = setInterval(() => {
    if (!isolate.isDisposed && Number(isolate.cpuTime) / 1e6 > limits.cpuTimeMs) {
      kill(`the script used more than ${limits.cpuTimeMs} ms of CPU`)
    }
  }, 50)

  const log = new ivm.Callback((level: unknown, message: unknown) => logs.add(level, message))
  const sleep = new ivm.Reference(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          hostTimers.delete(timer)
          resolve()
        }, ms)
        hostTimers.add(timer)
      })
  )
  const fetch = new ivm.Reference(
    async (url: unknown, method: unknown, headers: unknown, requestBody: unknown) => {
      // Failures are answered as { error }: the prelude throws them inside the isolate (a host
      // promise rejected across the bridge would surface as an unhandled rejection here).
      fetches++
      if (fetches > limits.maxFetches) {
        return { error: `fetch refused: at most ${limits.maxFetches} requests per run` }
      }
      const sent: Record<string, string> = {}
      for (const [name, value] of Object.entries((headers ?? {}) as Record<string, unknown>)) {
        const key = name.toLowerCase()
        if (!HOP_HEADERS.has(key) && key !== 'accept' && key !== 'user-agent')
          sent[key] = String(value)
      }
      const accept = (headers as Record<string, unknown> | null)?.accept
      try {
        const answer = await guardedFetch(String(url), {
          guard,
          method: String(method ?? 'GET'),
          headers: sent,
          body: typeof requestBody === 'string' ? requestBody : undefined,
          accept: typeof accept === 'string' ? accept : undefined,
          userAgent: USER_AGENT,
          timeoutMs: limits.fetchTimeoutMs,
          maxBytes: limits.fetchMaxBytes,
          anyStatus: true,
          signal: stopFetches.signal,
        })
        return {
          status: answer.status,
          statusText: '',
          headers: answer.headers,
          body: answer.body.toString('utf8'),
          url: answer.url,
        }
      } catch (error) {
        return { error: `fetch failed: ${(error as Error).message}` }
      }
    }
  )

  try {
    const context = await isolate.createContext()
    const prelude = await isolate.compileScript(PRELUDE, { filename: 'bindery:prelude.js' })
    const setup = (await prelude.run(context, { reference: true })) as IsolatedVM.Reference
    await setup.apply(
      undefined,
      [log, fetch, sleep, new ivm.ExternalCopy({ ...limits }).copyInto()],
      { timeout: limits.cpuTimeMs }
    )
    await loadScript(isolate, context, input.script, limits)
    const dispatch = (await context.global.get('__bindery_dispatch', {
      reference: true,
    })) as IsolatedVM.Reference
    const answer = (await dispatch.apply(
      undefined,
      [new ivm.ExternalCopy({ url: input.dispatchUrl ?? DEFAULT_DISPATCH_URL, body }).copyInto()],
      { timeout: limits.cpuTimeMs, result: { promise: true, copy: true } }
    )) as ScriptResponse
    const response: ScriptResponse = {
      status: Number(answer.status),
      headers: answer.headers ?? {},
      body: String(answer.body ?? ''),
      truncated: Boolean(answer.truncated),
    }
    if (response.status >= 500 || response.status < 100) {
      return finish('failed', {
        error: `the script answered HTTP ${response.status}${excerpt(response.body)}`,
        response,
      })
    }
    return finish('succeeded', { response })
  } catch (error) {
    return finish('failed', { error: killedBecause ?? describeFailure(error, limits) })
  } finally {
    clearTimeout(wallTimer)
    clearInterval(cpuWatch)
    stopFetches.abort()
    for (const timer of hostTimers) clearTimeout(timer)
    if (!isolate.isDisposed) isolate.dispose()
  }
}

/**
 * Evaluates the script: as a classic script (GitBook's IIFE bundles, workers) or, when it uses
 * module syntax, as an ES module whose imports are all refused and whose default export becomes
 * the handler.
 */
async function loadScript(
  isolate: IsolatedVM.Isolate,
  context: IsolatedVM.Context,
  source: string,
  limits: SandboxLimits
) {
  let script: IsolatedVM.Script | undefined
  try {
    script = await isolate.compileScript(source, { filename: 'integration.js' })
  } catch (error) {
    if (!/import|export|await/i.test((error as Error).message)) throw error
  }
  if (script) {
    await script.run(context, { timeout: limits.cpuTimeMs, promise: true })
    return
  }
  const module = await isolate.compileModule(source, { filename: 'integration.mjs' })
  await module.instantiate(context, (specifier) => {
    throw new Error(`module imports are refused (import of "${specifier}")`)
  })
  await module.evaluate({ timeout: limits.cpuTimeMs, promise: true })
  const handler = await module.namespace.get('default', { reference: true })
  await context.global.set('__bindery_module_default', handler.derefInto())
}

function describeFailure(error: unknown, limits: SandboxLimits): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/memory limit/i.test(message))
    return `the script used more than ${limits.memoryMb} MB of memory`
  if (/timed out/i.test(message)) return `the script used more than ${limits.cpuTimeMs} ms of CPU`
  if (/disposed/i.test(message)) return 'the script was stopped'
  return `the script failed: ${message.slice(0, 2000)}`
}

function excerpt(body: string): string {
  const text = body.trim().slice(0, 200)
  return text ? `: ${text}` : ''
}
