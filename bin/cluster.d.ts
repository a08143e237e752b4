export declare function webConcurrency(env?: NodeJS.ProcessEnv, fallback?: number): number
export declare function defaultConcurrency(env?: NodeJS.ProcessEnv): number
export declare function runPrimary(options: {
  exec: string
  args?: string[]
  firstArgs?: string[]
  execArgv?: string[]
  workers: number
  stopTimeoutMs?: number
  restartDelayMs?: number
  maxFailedStarts?: number
  log?: (message: string) => void
}): void
