import env from '#start/env'
import { GitBookAPI } from '@gitbook/api'
import type { Api } from '../../node_modules/@gitbook/api/dist/client.js'

/**
 * GitBook's own client (`@gitbook/api`) pointed at the test server over real HTTP. The package's
 * type declarations use extensionless imports that NodeNext resolution cannot follow, hence the
 * explicit `Api` type from its generated client.
 */
export function gitbookClient(token: string): Api<{ authToken?: string }> {
  return new GitBookAPI({
    endpoint: `http://${env.get('HOST')}:${env.get('PORT')}`,
    authToken: token,
  }) as unknown as Api<{ authToken?: string }>
}
