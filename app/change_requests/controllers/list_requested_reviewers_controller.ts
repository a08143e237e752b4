import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import ChangeRequestService from '#change_requests/services/change_request_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import { serializeRequestedReviewer } from '#change_requests/serializers/requested_reviewer_serializer'

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers — anyone who can
 * read the space.
 */
@inject()
export default class ListRequestedReviewersController {
  constructor(
    private changeRequests: ChangeRequestService,
    private reviewers: RequestedReviewerService
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.reviewers.list(changeRequest, query)
    return listEnvelope(page.items.map(serializeRequestedReviewer), page.count, page.next)
  }
}
