import { serializeUser } from '#accounts/serializers/user_serializer'
import { urls } from '#core/http/urls'
import type { ReviewRecord } from '#change_requests/review_records'

/**
 * GitBook's ChangeRequestReview. `requestedBy` is absent when the review was not requested;
 * `comment` (the Comment posted with it, serialized for the caller) when there is none.
 */
export function serializeReview(review: ReviewRecord, comment?: object) {
  return {
    object: 'change-request-review' as const,
    id: review.id,
    revision: review.revisionId,
    reviewer: serializeUser(review.reviewer),
    ...(review.requestedBy ? { requestedBy: serializeUser(review.requestedBy) } : {}),
    status: review.status,
    outdated: review.outdated,
    ...(comment ? { comment } : {}),
    createdAt: review.createdAt.toISO()!,
    updatedAt: review.updatedAt.toISO()!,
    urls: {
      location: urls.api(
        `/spaces/${review.spaceId}/change-requests/${review.changeRequestId}/reviews/${review.id}`
      ),
    },
  }
}
