import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urls } from '#core/http/urls'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestController from '#change_requests/controllers/change_request_controller'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'
import type { ContentChange } from '#content/changes'
import {
  contentChangesQueryValidator,
  contentChangesValidator,
} from '#content/validators/content_change_validator'
import { serializeFile } from '#content/serializers/file_serializer'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content — GitBook's authoring batch,
 * applied atomically as one new revision of the change request. The change request is read once
 * (forCaller) and handed down; the batch re-reads only what its row lock guards. `compat=false` adds the affected
 * pages and inserted files to the answer.
 */
@inject()
export default class UpdateChangeRequestContentController extends ChangeRequestController {
  constructor(
    changeRequests: ChangeRequestService,
    private authoring: ChangeRequestAuthoringService
  ) {
    super(changeRequests)
  }

  async handle(ctx: HttpContext) {
    const { request } = ctx
    const { user, access, changeRequest } = await this.open(ctx, 'author')
    const { compat } = await request.validateQuery(contentChangesQueryValidator)
    const { changes } = await request.validateUsing(contentChangesValidator)
    const result = await this.authoring.apply(
      user,
      access,
      changeRequest,
      changes as ContentChange[]
    )
    const presented = presentChangeRequest(result.changeRequest, access, user)
    if (compat !== false) return presented
    const pagePath = `/spaces/${access.space.id}/change-requests/${changeRequest.id}/content/page`
    return {
      changeRequest: presented,
      changes: result.outcomes.map((outcome) =>
        outcome.object === 'deleted_page'
          ? { object: outcome.object, page: outcome.pageId }
          : {
              object: outcome.object,
              ...('ref' in outcome && outcome.ref !== undefined ? { ref: outcome.ref } : {}),
              page: {
                object: 'page' as const,
                id: outcome.pageId,
                urls: { location: urls.api(`${pagePath}/${outcome.pageId}`) },
              },
            }
      ),
      insertedFiles: result.insertedFiles.map((file) =>
        serializeFile(result.revision, file, user.id)
      ),
    }
  }
}
