import type { Database } from '@adonisjs/lucid/database'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { newId } from '#core/ids'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import { isLockConflict } from '#core/database/errors'
import type { JobQueue } from '#core/jobs/queue'

/**
 * One job runner for every domain. A domain's provider `define`s its job names with a handler;
 * services `enqueue` jobs, inside their own transaction when the job must exist only if their
 * writes commit. The `jobs` table is the record on every back end: a runner claims a row with one
 * conditional UPDATE (status and lease in the WHERE, affected rows checked), so several processes
 * can poll the same table and each job runs once per attempt. A claim holds a lease
 * (`locked_until`); a row still `running` past its lease belonged to a process that died and is
 * claimed again. Failures are retried with exponential backoff up to `maxAttempts`, then the row is
 * `failed` with its `last_error`.
 *
 * Back ends: the embedded poller (default) or BullMQ on Redis (REDIS_URL): there the row is still
 * written (in the caller's transaction), the job is pushed to BullMQ after commit and the BullMQ
 * worker claims and updates the row the same way; the poller keeps running, slower, to pick up
 * rows whose push was lost and leases that expired.
 */

export type JobStatus = 'pending' | 'running' | 'succeeded' | 'failed'

export interface JobContext {
  id: string
  name: string
  /** 1 for the first attempt. */
  attempt: number
  maxAttempts: number
  /** Aborted when the attempt times out or the runner stops. */
  signal: AbortSignal
}

export type JobHandler<Payload = any> = (
  payload: Payload,
  context: JobContext
) => Promise<unknown> | unknown

/** Delay before attempt n+1 after attempt n failed: `baseMs * 2^(n-1)`, at most `maxMs`. */
export type Backoff = { baseMs?: number; maxMs?: number } | ((attempt: number) => number)

export interface JobOptions {
  /** Attempts before the job is `failed` (default 5). */
  maxAttempts?: number
  backoff?: Backoff
  /** One attempt's budget (default 60 s): past it the attempt fails and its signal aborts. */
  timeoutMs?: number
}

export interface EnqueueOptions {
  /** Write the job in this transaction: it exists (and runs) only if the transaction commits. */
  trx?: TransactionClientContract
  /** Not before this time. */
  runAt?: Date
  /** Not before now + delayMs (ignored when runAt is given). */
  delayMs?: number
}

export interface JobRunnerOptions {
  /** Embedded poller's interval (default 1 s; five times slower as BullMQ's safety net). */
  pollIntervalMs?: number
  /** Jobs run at once by this process (default 4). */
  concurrency?: number
  /** Lease = the job's timeout + this margin (default 30 s). */
  leaseMarginMs?: number
  /** How long stop() waits for running jobs (default 10 s); unfinished ones keep their lease. */
  stopGraceMs?: number
  /** BullMQ (or any) queue that delivers job ids; absent: the embedded poller alone. */
  queue?: JobQueue
  logger?: {
    error(object: object, message: string): void
    warn(object: object, message: string): void
  }
}

export interface JobRecord {
  id: string
  name: string
  payload: unknown
  status: JobStatus
  attempts: number
  maxAttempts: number
  runAt: Date
  lockedUntil: Date | null
  updatedAt: Date
  lastError: string | null
}

export interface DrainResult {
  succeeded: number
  failed: number
  retried: number
}

interface Definition {
  handler: JobHandler
  maxAttempts: number
  backoff: (attempt: number) => number
  timeoutMs: number
}

interface ClaimedJob {
  id: string
  name: string
  payload: unknown
  attempts: number
  maxAttempts: number
  token: string
}

type Outcome = 'succeeded' | 'failed' | 'retried' | 'lost'

export const JOBS_TABLE = 'jobs'
const DEFAULT_MAX_ATTEMPTS = 5
const DEFAULT_TIMEOUT_MS = 60_000
const MAX_PAYLOAD_BYTES = 1_000_000
const MAX_ERROR_CHARS = 2000
const NAME = /^[\w.:-]{1,191}$/

export class UnknownJobError extends Error {}

export function exponentialBackoff({ baseMs = 1000, maxMs = 3_600_000 } = {}) {
  return (attempt: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
}

export class JobRunner {
  #definitions = new Map<string, Definition>()
  #running = new Set<Promise<Outcome>>()
  #timer?: NodeJS.Timeout
  /** The poll in flight, if any: stop() waits for it, so nothing is claimed after stop returns. */
  #ticking?: Promise<void>
  #started = false
  #stopping?: AbortController
  #pollIntervalMs: number
  #concurrency: number
  #leaseMarginMs: number
  #stopGraceMs: number
  #queue?: JobQueue

  constructor(
    protected db: Database,
    protected options: JobRunnerOptions = {}
  ) {
    this.#queue = options.queue
    this.#pollIntervalMs = (options.pollIntervalMs ?? 1000) * (this.#queue ? 5 : 1)
    this.#concurrency = Math.max(1, options.concurrency ?? 4)
    this.#leaseMarginMs = options.leaseMarginMs ?? 30_000
    this.#stopGraceMs = options.stopGraceMs ?? 10_000
  }

  /** The back end in use: `embedded` (database poller) or the queue's name (`bullmq`). */
  get backend(): string {
    return this.#queue?.kind ?? 'embedded'
  }

  get isRunning(): boolean {
    return this.#started
  }

  /** Registers the handler of a job name (once per name; a domain's provider calls it). */
  define<Payload = any>(name: string, handler: JobHandler<Payload>, options: JobOptions = {}) {
    if (!NAME.test(name)) throw new Error(`Invalid job name "${name}"`)
    if (this.#definitions.has(name)) throw new Error(`Job "${name}" is already defined`)
    const backoff =
      typeof options.backoff === 'function' ? options.backoff : exponentialBackoff(options.backoff)
    this.#definitions.set(name, {
      handler: handler as JobHandler,
      maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      backoff,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    })
  }

  isDefined(name: string): boolean {
    return this.#definitions.has(name)
  }

  /**
   * Records a job (in `trx` when given) and returns its id. The payload must be JSON (at most
   * 1 MB). A name nobody defined is accepted (another process may define it): running it records
   * an error.
   */
  async enqueue(name: string, payload: unknown = null, options: EnqueueOptions = {}) {
    if (!NAME.test(name)) throw new Error(`Invalid job name "${name}"`)
    const json = JSON.stringify(payload ?? null)
    if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Payload of job "${name}" is larger than ${MAX_PAYLOAD_BYTES} bytes`)
    }
    const now = new Date()
    const runAt = options.runAt ?? new Date(now.getTime() + Math.max(0, options.delayMs ?? 0))
    const id = newId()
    const client = options.trx ?? this.db
    await client.table(JOBS_TABLE).insert({
      id,
      name,
      payload: json,
      status: 'pending',
      attempts: 0,
      max_attempts: this.#definitions.get(name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: toSqlTimestamp(runAt),
      created_at: toSqlTimestamp(now),
      updated_at: toSqlTimestamp(now),
    })
    const delayMs = Math.max(0, runAt.getTime() - Date.now())
    const announce = () => this.#announce(id, delayMs)
    if (options.trx) options.trx.after('commit', announce)
    else announce()
    return id
  }

  /** One job's row, or null. */
  async find(id: string): Promise<JobRecord | null> {
    const row = await this.db.from(JOBS_TABLE).where('id', id).first()
    if (!row) return null
    return {
      id: row.id,
      name: row.name,
      payload: parseJson(row.payload),
      status: row.status,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      runAt: fromSqlTimestamp(row.run_at)!.toJSDate(),
      lockedUntil: fromSqlTimestamp(row.locked_until)?.toJSDate() ?? null,
      updatedAt: fromSqlTimestamp(row.updated_at)!.toJSDate(),
      lastError: row.last_error ?? null,
    }
  }

  /**
   * Runs every job due now (those that become due while it runs too: not retries scheduled later)
   * and waits for them. For tests and commands; works whether or not the runner is started.
   */
  async drain({ timeoutMs = 60_000 } = {}): Promise<DrainResult> {
    const result: DrainResult = { succeeded: 0, failed: 0, retried: 0 }
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const claimed = await this.#claimDue(this.#concurrency)
      // Nothing claimed may only mean other runners won every candidate of this round: stop once
      // nothing claimable is left, not at the first lost race.
      if (claimed.length === 0 && !(await this.#anyClaimable())) break
      const outcomes = await Promise.all(claimed.map((job) => this.#run(job)))
      for (const outcome of outcomes) if (outcome !== 'lost') result[outcome]++
    }
    return result
  }

  /**
   * Runs one job now in this process if it is claimable (pending and due, or its lease expired):
   * for a command that follows a job and finds no runner took it. Answers false when another
   * runner holds it or it has ended; waits for the attempt otherwise.
   */
  async runNow(id: string): Promise<boolean> {
    const row = await this.db.from(JOBS_TABLE).select('name').where('id', id).first()
    if (!row) return false
    const job = await this.#claim(id, row.name)
    if (!job) return false
    const run = this.#run(job)
    this.#track(run)
    await run
    return true
  }

  /** Starts polling (and the queue's worker). Idempotent. */
  async start() {
    if (this.#started) return
    this.#started = true
    this.#stopping = new AbortController()
    await this.#queue?.start((id) => this.#processById(id), this.#concurrency)
    this.#schedule(0)
  }

  /**
   * Stops taking jobs and waits (up to the grace period) for those running; a job still running
   * then keeps its lease and is claimed again once the lease expires.
   */
  async stop() {
    if (!this.#started) return
    this.#started = false
    clearTimeout(this.#timer)
    await this.#ticking
    await this.#queue?.stop()
    const grace = new Promise((resolve) => setTimeout(resolve, this.#stopGraceMs).unref())
    await Promise.race([Promise.allSettled([...this.#running]), grace])
    this.#stopping?.abort()
  }

  #announce(id: string, delayMs: number) {
    if (this.#queue) {
      this.#queue.push(id, delayMs).catch((error) => {
        // The poller picks the row up later: a lost push only delays the job.
        this.options.logger?.warn({ err: error, job: id }, 'pushing a job to the queue failed')
      })
    } else if (this.#started && delayMs === 0) {
      this.#schedule(0)
    }
  }

  #schedule(delayMs: number) {
    if (!this.#started) return
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      const tick = this.#tick().finally(() => {
        if (this.#ticking === tick) this.#ticking = undefined
      })
      this.#ticking = tick
    }, delayMs)
    this.#timer.unref()
  }

  async #tick() {
    try {
      const free = this.#concurrency - this.#running.size
      if (free > 0) {
        // With a queue, the poller is a safety net: it leaves fresh rows to the queue.
        const claimed = await this.#claimDue(free, this.#queue ? this.#pollIntervalMs : 0)
        for (const job of claimed) this.#track(this.#run(job))
      }
    } catch (error) {
      this.options.logger?.error({ err: error }, 'polling jobs failed')
    }
    this.#schedule(this.#pollIntervalMs)
  }

  #track(run: Promise<Outcome>) {
    this.#running.add(run)
    void run.finally(() => {
      this.#running.delete(run)
      // A free slot: look for more work now rather than at the next interval.
      if (!this.#queue) this.#schedule(0)
    })
  }

  /**
   * The condition under which a row may be claimed at `now`: pending and due (due before
   * `dueBefore` when given), or running past its lease with attempts left.
   */
  #claimable(now: string, dueBefore = now) {
    return (query: any) =>
      query
        .where((pending: any) =>
          pending.where('status', 'pending').where('run_at', '<=', dueBefore)
        )
        .orWhere((expired: any) =>
          expired
            .where('status', 'running')
            .where('locked_until', '<', now)
            .whereRaw('attempts < max_attempts')
        )
  }

  async #claimDue(limit: number, graceMs = 0): Promise<ClaimedJob[]> {
    const now = toSqlTimestamp(new Date())
    try {
      await this.#failExhaustedLeases(now)
    } catch (error) {
      // A sweep that lost a lock race runs again at the next claim.
      if (!isLockConflict(error)) throw error
    }
    const dueBefore = toSqlTimestamp(new Date(Date.now() - graceMs))
    const candidates = await this.db
      .from(JOBS_TABLE)
      .select('id', 'name')
      .where(this.#claimable(now, dueBefore))
      .orderBy('run_at', 'asc')
      .limit(limit * 2)
    const claimed: ClaimedJob[] = []
    for (const candidate of candidates) {
      if (claimed.length >= limit) break
      const job = await this.#claim(candidate.id, candidate.name)
      if (job) claimed.push(job)
    }
    return claimed
  }

  async #anyClaimable(): Promise<boolean> {
    const row = await this.db
      .from(JOBS_TABLE)
      .select('id')
      .where(this.#claimable(toSqlTimestamp(new Date())))
      .first()
    return Boolean(row)
  }

  /** Rows whose lease expired after their last attempt: the process died on each; give up. */
  async #failExhaustedLeases(now: string) {
    await this.db
      .from(JOBS_TABLE)
      .where('status', 'running')
      .where('locked_until', '<', now)
      .whereRaw('attempts >= max_attempts')
      .update({
        status: 'failed',
        locked_until: null,
        locked_by: null,
        last_error: 'the process running the last attempt stopped before it finished',
        finished_at: now,
        updated_at: now,
      })
  }

  async #claim(id: string, name: string): Promise<ClaimedJob | null> {
    const definition = this.#definitions.get(name)
    const now = new Date()
    const nowSql = toSqlTimestamp(now)
    const token = newId(24)
    // Long jobs are not held for their whole timeout: their lease is renewed while they run
    // (see #run), so the job of a process that died is claimed again within about two margins.
    const lease =
      Math.min(definition?.timeoutMs ?? DEFAULT_TIMEOUT_MS, this.#leaseMarginMs) +
      this.#leaseMarginMs
    let updated: unknown
    try {
      updated = await this.db
        .from(JOBS_TABLE)
        .where('id', id)
        .where(this.#claimable(nowSql))
        .update({
          status: 'running',
          attempts: this.db.knexRawQuery('attempts + 1'),
          locked_until: toSqlTimestamp(new Date(now.getTime() + lease)),
          locked_by: token,
          updated_at: nowSql,
        })
    } catch (error) {
      // Another runner holds the row's lock (a deadlock or busy database): it is theirs.
      if (isLockConflict(error)) return null
      throw error
    }
    if (affectedRows(updated) !== 1) return null
    const row = await this.db
      .from(JOBS_TABLE)
      .select('payload', 'attempts', 'max_attempts')
      .where('id', id)
      .where('locked_by', token)
      .first()
    if (!row) return null
    return {
      id,
      name,
      token,
      payload: parseJson(row.payload),
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    }
  }

  /** A queue delivered this id: claim it if it is still due, run it. */
  async #processById(id: string): Promise<void> {
    const row = await this.db.from(JOBS_TABLE).select('name').where('id', id).first()
    if (!row) return
    const job = await this.#claim(id, row.name)
    if (!job) return
    const run = this.#run(job)
    this.#track(run)
    await run
  }

  async #run(job: ClaimedJob): Promise<Outcome> {
    const definition = this.#definitions.get(job.name)
    if (!definition) {
      return this.#finish(job, new UnknownJobError(`no handler is defined for job "${job.name}"`))
    }
    const controller = new AbortController()
    // A runner stopped earlier does not abort what runNow() runs afterwards.
    const signals =
      this.#stopping && !this.#stopping.signal.aborted
        ? [controller.signal, this.#stopping.signal]
        : [controller.signal]
    const context: JobContext = {
      id: job.id,
      name: job.name,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      signal: AbortSignal.any(signals),
    }
    let timer: NodeJS.Timeout | undefined
    // While the attempt runs, its lease is renewed (a margin ahead, a third of a margin apart).
    const renewal = setInterval(
      () => {
        void this.db
          .from(JOBS_TABLE)
          .where('id', job.id)
          .where('locked_by', job.token)
          .update({
            locked_until: toSqlTimestamp(new Date(Date.now() + 2 * this.#leaseMarginMs)),
          })
          .catch(() => {})
      },
      Math.max(1000, this.#leaseMarginMs / 3)
    )
    renewal.unref()
    try {
      await Promise.race([
        Promise.resolve().then(() => definition.handler(job.payload, context)),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            controller.abort()
            reject(new Error(`timed out after ${definition.timeoutMs} ms`))
          }, definition.timeoutMs)
        }),
      ])
      return await this.#finish(job)
    } catch (error) {
      return await this.#finish(job, error, definition)
    } finally {
      clearTimeout(timer)
      clearInterval(renewal)
    }
  }

  async #finish(job: ClaimedJob, error?: unknown, definition?: Definition): Promise<Outcome> {
    const now = new Date()
    const nowSql = toSqlTimestamp(now)
    const held = () => this.db.from(JOBS_TABLE).where('id', job.id).where('locked_by', job.token)
    let outcome: Outcome
    let changes: Record<string, unknown>
    let retryInMs = 0
    if (error === undefined) {
      outcome = 'succeeded'
      changes = { status: 'succeeded', finished_at: nowSql }
    } else {
      const message = errorMessage(error)
      const retry =
        definition !== undefined &&
        !(error instanceof UnknownJobError) &&
        job.attempts < job.maxAttempts
      if (retry) {
        outcome = 'retried'
        retryInMs = Math.max(0, definition.backoff(job.attempts))
        changes = {
          status: 'pending',
          run_at: toSqlTimestamp(new Date(now.getTime() + retryInMs)),
          last_error: message,
        }
      } else {
        outcome = 'failed'
        changes = { status: 'failed', last_error: message, finished_at: nowSql }
      }
    }
    try {
      const updated = await held().update({
        ...changes,
        locked_until: null,
        locked_by: null,
        updated_at: nowSql,
      })
      // Another runner took the job over after our lease expired: its outcome is the record.
      if (affectedRows(updated) !== 1) return 'lost'
      // The queue learns of the retry once the row says when it is due.
      if (outcome === 'retried') this.#announce(job.id, retryInMs)
      return outcome
    } catch (failure) {
      this.options.logger?.error({ err: failure, job: job.id }, 'recording a job outcome failed')
      return 'lost'
    }
  }
}

function affectedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}

function errorMessage(error: unknown): string {
  const text =
    error instanceof Error ? error.message || error.name : String(error ?? 'unknown error')
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text
}
