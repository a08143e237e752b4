import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'
import { JobRunner } from '#core/jobs/job_runner'
import { BullMqQueue } from '#core/jobs/bullmq_queue'

/**
 * The process's JobRunner as core's provider binds it: BullMQ when REDIS_URL is set, else the
 * embedded poller; JOBS_CONCURRENCY jobs at once (default 4).
 */
export async function createJobRunner(app: ApplicationService): Promise<JobRunner> {
  const db = await app.container.make('lucid.db')
  const logger = await app.container.make('logger')
  const redisUrl = env.get('REDIS_URL')
  return new JobRunner(db, {
    concurrency: env.get('JOBS_CONCURRENCY') ?? 4,
    queue: redisUrl ? new BullMqQueue(redisUrl) : undefined,
    logger,
  })
}
