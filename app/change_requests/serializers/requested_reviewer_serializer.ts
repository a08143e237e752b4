import { serializeUser } from '#accounts/serializers/user_serializer'
import type { RequestedReviewerRecord } from '#change_requests/review_records'

/**
 * GitBook's ChangeRequestRequestedReviewer, kind `user` (Bindery requests users, not teams).
 */
export function serializeRequestedReviewer(record: RequestedReviewerRecord) {
  return {
    object: 'change-request-requested-reviewer' as const,
    revision: record.revisionId,
    // The requester is only missing when their account is gone.
    ...(record.requestedBy ? { requestedBy: serializeUser(record.requestedBy) } : {}),
    createdAt: record.createdAt.toISO()!,
    kind: 'user' as const,
    user: serializeUser(record.user),
  }
}
