import type { Assert } from '@japa/assert'
import { GitBookAPIError } from '@gitbook/api'

/**
 * Awaits a call of the @gitbook/api client that must fail, and checks it failed as a
 * GitBookAPIError with `code` (and a message containing `message`, when given).
 */
export async function assertClientError(
  assert: Assert,
  call: Promise<unknown>,
  code: number,
  message?: string
) {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason
  )
  assert.instanceOf(error, GitBookAPIError, `expected a ${code}`)
  assert.equal((error as GitBookAPIError).code, code)
  if (message !== undefined) assert.include((error as GitBookAPIError).message, message)
}
