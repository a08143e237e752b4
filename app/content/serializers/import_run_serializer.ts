import { urls } from '#core/http/urls'
import type { ImportRunRecord } from '#content/import/import_run_service'

/**
 * GitBook's ContentImportRun, with Bindery's progress beside it: `totalResources` (pages and images
 * known so far; final once the run ends), `importedResources`, `failedResources`, `errors` (what was
 * left out and why, the first 100) and `revision` (the revision the run ended with).
 */
export function serializeImportRun(run: ImportRunRecord) {
  return {
    object: 'import-run' as const,
    id: run.id,
    status: run.status,
    ...(run.status === 'failed' && run.reason ? { reason: run.reason } : {}),
    source: { type: 'website' as const, url: run.sourceUrl },
    target: {
      space: run.spaceId,
      ...(run.changeRequestId ? { changeRequest: run.changeRequestId } : {}),
    },
    ...(run.createdById ? { createdBy: run.createdById } : {}),
    createdAt: run.createdAt.toISO()!,
    updatedAt: run.updatedAt.toISO()!,
    ...(run.startedAt ? { startedAt: run.startedAt.toISO()! } : {}),
    ...(run.completedAt ? { completedAt: run.completedAt.toISO()! } : {}),
    urls: { location: urls.api(`/org/${run.organizationId}/imports/${run.id}`) },
    totalResources: run.totalResources,
    importedResources: run.importedResources,
    failedResources: run.failedResources,
    errors: run.errors,
    ...(run.revisionId ? { revision: run.revisionId } : {}),
  }
}
