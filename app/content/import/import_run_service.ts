import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import SearchIndexService from '#content/search/search_index_service'
import User from '#accounts/models/user'
import { newId, isWellFormedId } from '#core/ids'
import {
  ApiException,
  BadRequestException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import { paginate, type ListQuery } from '#core/http/pagination'
import { JobRunner, JOBS_TABLE, type JobContext } from '#core/jobs/job_runner'
import type { DateTime } from 'luxon'
import SpacePolicy from '#spaces/policies/space_policy'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { SpaceAccess } from '#spaces/records'
import AuthoringService, { type AuthoringResult } from '#content/services/authoring_service'
import { ImportBranches } from '#content/contracts/import_branches'
import ImportService, { importTimeBudgetMs } from '#content/import/import_service'
import { StartPageError, type CrawlProgress } from '#content/import/crawler'
import type { CrawlFailure } from '#content/import/types'

export const IMPORT_RUNS_TABLE = 'import_runs'
export const IMPORT_RUN_JOB = 'content.import-run'
/** A run's job: a crash or a deploy mid-run retries it (from the start) up to this many times. */
export const IMPORT_RUN_ATTEMPTS = 3
/** Errors kept on a run (the counts keep the whole number). */
const MAX_ERRORS = 100
/** How often a run in progress writes its counts (and finds out it was cancelled). */
const PROGRESS_INTERVAL_MS = 500

export const IMPORT_RUN_STATUSES = [
  'pending',
  'in-progress',
  'completed',
  'failed',
  'cancelled',
] as const
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number]
const ACTIVE: ImportRunStatus[] = ['pending', 'in-progress']

export interface ImportRunRecord {
  id: string
  organizationId: string
  spaceId: string
  changeRequestId: string | null
  createdById: string | null
  sourceUrl: string
  status: ImportRunStatus
  reason: string | null
  totalResources: number
  importedResources: number
  failedResources: number
  errors: Array<{ url: string; reason: string }>
  revisionId: string | null
  /** The job that runs it (core's job runner). */
  jobId: string | null
  startedAt: DateTime | null
  completedAt: DateTime | null
  createdAt: DateTime
  updatedAt: DateTime
}

export interface ImportRunFilters {
  space?: string
  changeRequest?: string
  status?: ImportRunStatus | 'active'
  /** Only the runs this user started. */
  createdById?: string
}

/** The run ended (cancelled) while its batch was being written: the batch is rolled back. */
class RunEnded extends Error {}

function runFromRow(row: Record<string, any>): ImportRunRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    spaceId: row.space_id,
    changeRequestId: row.change_request_id ?? null,
    createdById: row.created_by_id ?? null,
    sourceUrl: row.source_url,
    status: row.status,
    reason: row.reason ?? null,
    totalResources: Number(row.total_resources),
    importedResources: Number(row.imported_resources),
    failedResources: Number(row.failed_resources),
    errors: parseJson<ImportRunRecord['errors']>(row.errors) ?? [],
    revisionId: row.revision_id ?? null,
    jobId: row.job_id ?? null,
    startedAt: fromSqlTimestamp(row.started_at),
    completedAt: fromSqlTimestamp(row.completed_at),
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
  }
}

/**
 * Website imports in the background (GitBook's import runs): a run is recorded with its job in one
 * transaction, and the `content.import-run` job crawls and converts through the same engine as the
 * synchronous import (ImportService.plan), writing its counts as it goes, then applies everything
 * as ONE authoring batch - one new revision of the space, or one new head of the change request -
 * in the same commit that records that revision on the run. Nothing is written before that commit,
 * so a run interrupted by a crash is retried from the start (IMPORT_RUN_ATTEMPTS) or ends failed,
 * never half-written. Search's full-text entries of the imported pages are written after it, in
 * small transactions (their COMMIT in the batch's held the event loop), and the run is completed
 * once they are: an attempt that finds its run's revision recorded only finishes that. Cancelling
 * is checked between pages (each progress write) and once more under the run's row lock before
 * the batch commits; a run whose revision is recorded is finishing and is no longer cancelled.
 */
@inject()
export default class ImportRunService {
  constructor(
    private runner: JobRunner,
    private imports: ImportService,
    private access: SpaceAccessService,
    private authoring: AuthoringService,
    private branches: ImportBranches,
    private search: SearchIndexService
  ) {}

  /** Records a run (pending) and its job; the URL is refused up front if the SSRF guard refuses it. */
  async start(
    user: User,
    access: SpaceAccess,
    input: { url: string; changeRequestId?: string | null }
  ): Promise<ImportRunRecord> {
    await this.imports.checkUrl(input.url)
    const id = newId()
    const now = toSqlTimestamp(new Date())
    await db.transaction(async (trx) => {
      const jobId = await this.runner.enqueue(IMPORT_RUN_JOB, { runId: id }, { trx })
      await trx.table(IMPORT_RUNS_TABLE).insert({
        id,
        organization_id: access.space.organizationId,
        space_id: access.space.id,
        change_request_id: input.changeRequestId ?? null,
        created_by_id: user.id,
        source_url: input.url,
        status: 'pending',
        job_id: jobId,
        created_at: now,
        updated_at: now,
      })
    })
    return (await this.findRow(db.connection(), id))!
  }

  /** The run `id` of the organization (404 otherwise). */
  async find(organizationId: string, id: string): Promise<ImportRunRecord> {
    await this.settleAbandoned()
    const run = isWellFormedId(id) ? await this.findRow(db.connection(), id) : null
    if (!run || run.organizationId !== organizationId) {
      throw NotFoundException.resource('import run', id)
    }
    return run
  }

  /** The organization's runs, most recent first. */
  async list(organizationId: string, filters: ImportRunFilters, query: ListQuery) {
    await this.settleAbandoned()
    const builder = db
      .from(IMPORT_RUNS_TABLE)
      .where('organization_id', organizationId)
      .if(filters.space, (q) => q.where('space_id', filters.space!))
      .if(filters.changeRequest, (q) => q.where('change_request_id', filters.changeRequest!))
      .if(filters.createdById, (q) => q.where('created_by_id', filters.createdById!))
      .if(filters.status === 'active', (q) => q.whereIn('status', ACTIVE))
      .if(filters.status && filters.status !== 'active', (q) => q.where('status', filters.status!))
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'created_at', key: 'created_at' },
        { column: 'id', key: 'id' },
      ],
      direction: 'desc',
    })
    return { ...page, rows: page.rows.map(runFromRow) }
  }

  /** The most recent run into the space (any target), if any. */
  async latestOfSpace(spaceId: string): Promise<ImportRunRecord | null> {
    await this.settleAbandoned()
    const row = await db
      .from(IMPORT_RUNS_TABLE)
      .where('space_id', spaceId)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first()
    return row ? runFromRow(row) : null
  }

  /** Cancels a pending or running run (400 when it has already ended). */
  async cancel(run: ImportRunRecord): Promise<ImportRunRecord> {
    const updated = await db
      .from(IMPORT_RUNS_TABLE)
      .where('id', run.id)
      .whereIn('status', ACTIVE)
      .whereNull('revision_id')
      .update({
        status: 'cancelled',
        completed_at: null,
        updated_at: toSqlTimestamp(new Date()),
      })
    if (!Number(updated)) {
      const current = (await this.findRow(db.connection(), run.id))!
      throw new BadRequestException(
        current.revisionId && ACTIVE.includes(current.status)
          ? 'This import run has written its revision and is finishing: it can no longer be cancelled'
          : `This import run has already ended (${current.status}): there is nothing to cancel`
      )
    }
    return (await this.findRow(db.connection(), run.id))!
  }

  /** The `content.import-run` job. */
  async execute(payload: { runId: string }, context: JobContext) {
    const run = await this.findRow(db.connection(), String(payload?.runId ?? ''))
    if (!run || !ACTIVE.includes(run.status)) return
    // Its revision was written before the process stopped: what is left is search's entries.
    if (run.revisionId) return this.complete(run.id)
    const now = toSqlTimestamp(new Date())
    // A retried attempt starts over: nothing of the previous one was written.
    const claimed = await db
      .from(IMPORT_RUNS_TABLE)
      .where('id', run.id)
      .whereIn('status', ACTIVE)
      .update({
        status: 'in-progress',
        started_at: run.startedAt ? toSqlTimestamp(run.startedAt) : now,
        total_resources: 0,
        imported_resources: 0,
        failed_resources: 0,
        updated_at: now,
      })
    if (!Number(claimed)) return

    const stopped = new AbortController()
    const progress = new ProgressWriter(run.id, stopped)
    try {
      const user = await User.find(run.createdById ?? '')
      if (!user) return await this.finish(run.id, 'failed', 'The user who started it is gone')
      const access = await this.access.spaceFor(user.id, run.spaceId)
      if (!new SpacePolicy().edit(user, access)) {
        return await this.finish(
          run.id,
          'failed',
          'Its author may no longer edit the space (or the space is locked)'
        )
      }
      const plan = await this.imports.plan(run.sourceUrl, run.spaceId, {
        signal: AbortSignal.any([stopped.signal, context.signal]),
        onProgress: (counts) => progress.report(counts),
      })
      await progress.stop()
      if (stopped.signal.aborted || context.signal.aborted) await plan.done()
      if (stopped.signal.aborted) return
      if (context.signal.aborted)
        throw new Error('The import was interrupted (time budget or shutdown)')

      const onApplied = async (trx: QueryClientContract, result: AuthoringResult) => {
        const locked = await trx
          .from(IMPORT_RUNS_TABLE)
          .where('id', run.id)
          .forUpdate()
          .select('status')
          .first()
        if (locked?.status !== 'in-progress') throw new RunEnded()
        await trx
          .from(IMPORT_RUNS_TABLE)
          .where('id', run.id)
          .update({
            revision_id: result.revision.id,
            total_resources: plan.totalResources,
            imported_resources: plan.importedResources,
            failed_resources: plan.failures.length,
            errors: errorsColumn(
              plan.failures,
              plan.limited ? [run.sourceUrl, plan.limited] : null
            ),
            updated_at: toSqlTimestamp(new Date()),
          })
      }
      const options = {
        renameCollidingSlugs: true,
        onApplied,
        splitSections: plan.splitSections,
        deferFullText: true,
      }
      try {
        if (run.changeRequestId) {
          await this.branches.apply(user, access, run.changeRequestId, plan.changes, options)
        } else {
          await this.authoring.applyToSpace(user, access, plan.changes, {
            ...options,
            type: 'edits',
          })
        }
      } finally {
        await plan.done()
      }
    } catch (error) {
      await progress.stop()
      if (error instanceof RunEnded) return
      if (error instanceof StartPageError) {
        return await this.finish(
          run.id,
          'failed',
          `The website cannot be imported: ${error.message}`
        )
      }
      if (error instanceof ApiException && (error.status ?? 500) < 500) {
        return await this.finish(run.id, 'failed', error.message)
      }
      if (context.attempt >= context.maxAttempts) {
        await this.finish(run.id, 'failed', 'The import stopped on an unexpected error')
      }
      throw error
    }
    // Every way out above returns or throws: the revision is written. An error from here on is
    // retried, and the retry finds the run's revision (execute's start).
    await this.complete(run.id)
  }

  /** Job options of the run: its time budget plus a margin for converting and writing. */
  static jobOptions() {
    return {
      maxAttempts: IMPORT_RUN_ATTEMPTS,
      timeoutMs: importTimeBudgetMs() + 300_000,
      backoff: { baseMs: 5000 },
    }
  }

  /** A run whose revision is written: search's pending full-text entries, then completed. */
  private async complete(id: string) {
    await this.search.indexPendingFullText()
    await this.finish(id, 'completed', null)
  }

  private async finish(id: string, status: ImportRunStatus, reason: string | null) {
    await db
      .from(IMPORT_RUNS_TABLE)
      .where('id', id)
      .whereIn('status', ACTIVE)
      .update({
        status,
        reason,
        completed_at: status === 'completed' ? toSqlTimestamp(new Date()) : null,
        updated_at: toSqlTimestamp(new Date()),
      })
  }

  /**
   * Runs whose job gave up (failed, or running past its lease with no attempt left: the process
   * died on the last one) are failed: GitBook returns runs that never reported back as failed.
   * Those whose revision is written are completed (the import happened).
   */
  private async settleAbandoned() {
    const now = toSqlTimestamp(new Date())
    const gaveUp = (runs: ReturnType<typeof db.from>) =>
      runs.whereIn('status', ACTIVE).whereIn(
        'job_id',
        db
          .from(JOBS_TABLE)
          .select('id')
          .where('name', IMPORT_RUN_JOB)
          .where((q) =>
            q
              .where('status', 'failed')
              .orWhere((running) =>
                running
                  .where('status', 'running')
                  .where('locked_until', '<', now)
                  .whereRaw('attempts >= max_attempts')
              )
          )
      )
    // Its revision is written: the import happened. No attempt is left to write search's pending
    // entries, so they are written here, in the background.
    const completed = await gaveUp(db.from(IMPORT_RUNS_TABLE))
      .whereNotNull('revision_id')
      .update({ status: 'completed', reason: null, completed_at: now, updated_at: now })
    if (Number(completed) > 0) this.search.writePendingFullTextLater()
    await gaveUp(db.from(IMPORT_RUNS_TABLE)).whereNull('revision_id').update({
      status: 'failed',
      reason: 'The import was interrupted and could not be resumed',
      updated_at: now,
    })
  }

  private async findRow(client: QueryClientContract, id: string) {
    const row = await client.from(IMPORT_RUNS_TABLE).where('id', id).first()
    return row ? runFromRow(row) : null
  }
}

/** The run's `errors`: what a limit left out first (when one did), then the first failures. */
function errorsColumn(failures: CrawlFailure[], limited: [string, string] | null): string | null {
  const errors = failures.map(({ url, reason }) => ({ url, reason: reason.slice(0, 500) }))
  if (limited) errors.unshift({ url: limited[0], reason: limited[1] })
  if (errors.length === 0) return null
  return JSON.stringify(errors.slice(0, MAX_ERRORS))
}

/**
 * A run's counts written at most every PROGRESS_INTERVAL_MS while it crawls; a write that finds
 * the run no longer in progress (cancelled) stops the crawl.
 */
class ProgressWriter {
  #latest?: CrawlProgress
  #written?: CrawlProgress
  #timer: NodeJS.Timeout
  #writing: Promise<void> = Promise.resolve()

  constructor(
    private runId: string,
    private stopped: AbortController
  ) {
    this.#timer = setInterval(() => this.#flush(), PROGRESS_INTERVAL_MS)
    this.#timer.unref()
  }

  report(progress: CrawlProgress) {
    this.#latest = progress
  }

  async stop() {
    clearInterval(this.#timer)
    this.#flush()
    await this.#writing
  }

  #flush() {
    const latest = this.#latest
    if (!latest || latest === this.#written) return
    this.#written = latest
    this.#writing = this.#writing.then(async () => {
      try {
        const updated = await db
          .from(IMPORT_RUNS_TABLE)
          .where('id', this.runId)
          .where('status', 'in-progress')
          .update({
            total_resources: latest.total,
            imported_resources: latest.imported,
            failed_resources: latest.failed,
            updated_at: toSqlTimestamp(new Date()),
          })
        if (!Number(updated)) this.stopped.abort()
      } catch {
        // A missed progress write only delays the counts.
      }
    })
  }
}
