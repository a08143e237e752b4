/**
 * The OpenAPI domain's worker thread (a TaskPool of openapi_document.ts): parsing and validating an
 * uploaded or fetched document runs here, never on the server's event loop. Errors cross the thread
 * boundary as data (structured clone keeps no class or extra fields).
 */
import {
  InvalidOpenAPIDocument,
  readOpenAPIDocument,
  type ParseOutcome,
} from '#openapi/services/openapi_document'
import { runInBackground } from '#core/workers/thread_priority'

runInBackground()

export async function parse(raw: string): Promise<ParseOutcome> {
  try {
    const { raw: _, ...parsed } = await readOpenAPIDocument(raw)
    return { parsed }
  } catch (error) {
    if (!(error instanceof InvalidOpenAPIDocument)) throw error
    return { problems: error.problems, total: error.total }
  }
}
