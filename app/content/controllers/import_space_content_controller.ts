import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ForbiddenException } from '#core/exceptions/api_exceptions'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpacePolicy from '#spaces/policies/space_policy'
import type { SpaceAccess } from '#spaces/records'
import ImportService from '#content/import/import_service'
import AuthoringService from '#content/services/authoring_service'
import { importContentValidator } from '#content/validators/import_validator'

/**
 * POST /v1/spaces/{spaceId}/content/import — editors of a live space. Crawls the website, then
 * applies the batch to the space's main content as one `edits` revision; answers 201
 * `{revision, importedResources, totalResources}`.
 */
@inject()
export default class ImportSpaceContentController {
  constructor(
    private access: SpaceAccessService,
    private imports: ImportService,
    private authoring: AuthoringService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await authorizeImport(bouncer, access)
    const { url } = await request.validateUsing(importContentValidator)
    const plan = await this.imports.crawlAndPlan(url)
    const { revision } = await this.authoring.applyToSpace(user, access, plan.changes, {
      type: 'edits',
      renameCollidingSlugs: true,
    })
    response.status(201)
    return {
      revision: revision.id,
      importedResources: plan.importedResources,
      totalResources: plan.totalResources,
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
