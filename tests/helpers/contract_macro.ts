import { ApiResponse } from '@japa/api-client'
import { validateContract } from '#tests/helpers/contract'

/**
 * `response.assertContract()`: the response body matches the @gitbook/api schema of its operation
 * and status. Every functional test of a platform operation calls it.
 */
ApiResponse.macro('assertContract', function (this: ApiResponse) {
  const { method, endpoint } = this.request.config
  let body: unknown = this.body()
  if (
    this.status() >= 400 &&
    (body === undefined || (typeof body === 'object' && body && Object.keys(body).length === 0))
  ) {
    body = this.text()
  }
  validateContract(method, endpoint, this.status(), body)
  return this
})

declare module '@japa/api-client' {
  interface ApiResponse {
    assertContract(): this
  }
}
