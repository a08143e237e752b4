import type { Queue, Worker } from 'bullmq'
import type { JobQueue } from '#core/jobs/queue'
import { redisOptionsFromUrl } from '#core/redis_url'

/**
 * BullMQ on Redis as the JobRunner's delivery: a pushed id becomes a BullMQ job (delayed when the
 * row's run_at is later), and BullMQ's worker hands ids to the runner, which claims and updates
 * the row. Retries are the runner's (it pushes the id again with the backoff delay), so BullMQ
 * jobs make one attempt and are removed once done.
 */
export class BullMqQueue implements JobQueue {
  readonly kind = 'bullmq'
  #worker?: Worker
  #connection: Record<string, unknown>
  #stopped = false

  constructor(
    redisUrl: string,
    readonly name = 'bindery-jobs'
  ) {
    this.#connection = connectionFromUrl(redisUrl)
  }

  #opening?: Promise<Queue>

  /** One Queue (one connection) however many pushes start at once. */
  #ensureQueue(): Promise<Queue> {
    this.#opening ??= import('bullmq').then(
      ({ Queue: BullQueue }) => new BullQueue(this.name, { connection: this.#connection })
    )
    return this.#opening
  }

  /** After stop() a push is dropped (the database poller picks the row up): no new connection. */
  async push(id: string, delayMs: number) {
    if (this.#stopped) return
    const queue = await this.#ensureQueue()
    await queue.add(
      'job',
      { id },
      {
        delay: Math.max(0, Math.round(delayMs)),
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: 1000,
      }
    )
  }

  async start(process: (id: string) => Promise<void>, concurrency: number) {
    this.#stopped = false
    const { Worker: BullWorker } = await import('bullmq')
    this.#worker = new BullWorker(this.name, (job) => process(String(job.data?.id ?? '')), {
      connection: this.#connection,
      concurrency,
    })
    this.#worker.on('error', () => {})
  }

  async stop() {
    this.#stopped = true
    const worker = this.#worker
    const queue = this.#opening ? await this.#opening : undefined
    this.#worker = undefined
    this.#opening = undefined
    try {
      await worker?.close()
    } finally {
      await queue?.close()
    }
  }
}

/** REDIS_URL as ioredis options for BullMQ. */
export function connectionFromUrl(redisUrl: string): Record<string, unknown> {
  return {
    ...redisOptionsFromUrl(redisUrl),
    // BullMQ's workers block on Redis: ioredis must not give up on their commands.
    maxRetriesPerRequest: null,
  }
}
