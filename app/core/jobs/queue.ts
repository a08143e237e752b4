/**
 * What the JobRunner needs from a message queue: deliver job ids, possibly delayed, to a worker.
 * The database row stays the record, so a queue may deliver an id twice or lose it: the runner's
 * claim makes a second delivery a no-op and its poller picks up a lost one.
 */
export interface JobQueue {
  readonly kind: string
  push(id: string, delayMs: number): Promise<void>
  start(process: (id: string) => Promise<void>, concurrency: number): Promise<void>
  stop(): Promise<void>
}
