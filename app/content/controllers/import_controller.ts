import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ForbiddenException } from '#core/exceptions/api_exceptions'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpacePolicy from '#spaces/policies/space_policy'
import type { SpaceAccess } from '#spaces/records'
import ImportService from '#content/import/import_service'
import type { ImportPlan } from '#content/import/types'
import { importContentValidator } from '#content/validators/import_validator'

/**
 * What the content imports (into a space, into a change request) share: the caller and a space
 * they may import into, the crawl of the body's `url`, and the 201 answer
 * `{revision, importedResources, totalResources}`.
 */
@inject()
export default abstract class ImportController {
  constructor(
    protected access: SpaceAccessService,
    protected imports: ImportService
  ) {}

  /** The caller and their access to the space `{spaceId}` (404), authorized to import (403). */
  protected async importableSpace({ auth, bouncer, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await authorizeImport(bouncer, access)
    return { user, access }
  }

  /**
   * The request's `url` (400), crawled (at most IMPORT_SYNC_MAX_PAGES pages within
   * IMPORT_SYNC_TIME_BUDGET), converted and stored into the space, planned as one batch.
   */
  protected async crawl({ request }: HttpContext, access: SpaceAccess) {
    const { url } = await request.validateUsing(importContentValidator)
    return this.imports.crawlAndPlan(url, access.space.id)
  }

  /**
   * 201 with the new revision and what the crawl imported; beside GitBook's fields, what it left
   * out: `failedResources`, `errors` (the first 100, with their reason) and `limited` (the
   * sentence saying what a page or time limit left out, when one did).
   */
  protected imported({ response }: HttpContext, revisionId: string, plan: ImportPlan) {
    response.status(201)
    return {
      revision: revisionId,
      importedResources: plan.importedResources,
      totalResources: plan.totalResources,
      failedResources: plan.failures.length,
      errors: plan.failures
        .slice(0, 100)
        .map(({ url, reason }) => ({ url, reason: reason.slice(0, 500) })),
      ...(plan.limited ? { limited: plan.limited } : {}),
    }
  }
}

/**
 * Imports write content: `edit` on the space, and a locked space refuses whoever asks.
 */
export async function authorizeImport(bouncer: HttpContext['bouncer'], access: SpaceAccess) {
  if (access.space.editMode === 'locked') {
    throw new ForbiddenException(
      'This space is locked: its content cannot be edited or imported into'
    )
  }
  await bouncer.with(SpacePolicy).authorize('edit', access)
}
