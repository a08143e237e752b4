import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/**
 * Sends `method url` with the caller's token (and a JSON body or a query string), checks the
 * answer's status (200 unless told) and contract, and returns its body: the step most helpers of
 * the functional tests are made of.
 */
export async function bodyOf(
  client: ApiClient,
  caller: { token: string },
  method: Method,
  url: string,
  options: { json?: Record<string, unknown>; qs?: Record<string, unknown>; status?: number } = {}
) {
  let request = client[method](url).bearerToken(caller.token)
  if (options.qs) request = request.qs(options.qs)
  if (options.json) request = request.json(options.json)
  const response = await request
  assertAnswer(response, options.status ?? 200)
  return response.body()
}
