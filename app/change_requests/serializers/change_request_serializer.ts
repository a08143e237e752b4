import type User from '#accounts/models/user'
import { serializeUser } from '#accounts/serializers/user_serializer'
import { urls } from '#core/http/urls'
import type { SpaceAccess } from '#spaces/records'
import { changeRequestBase, type ChangeRequestRecord } from '#change_requests/records'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'

const policy = new ChangeRequestPolicy()

export interface ChangeRequestExtras {
  /** Current revision of the space: the change request is outdated when it moved past its base. */
  spaceRevisionId: string
  comments: number
}

/**
 * GitBook's ChangeRequest object.
 */
export function serializeChangeRequest(
  changeRequest: ChangeRequestRecord,
  access: SpaceAccess,
  caller: User,
  extras: ChangeRequestExtras
) {
  const path = `/spaces/${changeRequest.spaceId}/change-requests/${changeRequest.id}`
  return {
    object: 'change-request' as const,
    id: changeRequest.id,
    number: changeRequest.number,
    status: changeRequest.status,
    subject: changeRequest.subject ?? '',
    ...(changeRequest.createdBy ? { createdBy: serializeUser(changeRequest.createdBy) } : {}),
    createdAt: changeRequest.createdAt.toISO()!,
    updatedAt: changeRequest.updatedAt.toISO()!,
    ...(changeRequest.mergedBy ? { mergedBy: serializeUser(changeRequest.mergedBy) } : {}),
    ...(changeRequest.mergedAt ? { mergedAt: changeRequest.mergedAt.toISO()! } : {}),
    space: changeRequest.spaceId,
    revision: changeRequest.revisionId,
    revisionInitial: changeRequest.revisionInitialId,
    ...(changeRequest.revisionMergedAncestorId
      ? { revisionMergedAncestor: changeRequest.revisionMergedAncestorId }
      : {}),
    ...(changeRequest.revisionMergedId ? { revisionMerged: changeRequest.revisionMergedId } : {}),
    comments: extras.comments,
    ...(changeRequest.conflicts.length > 0
      ? { conflicts: changeRequest.conflicts.map((page) => ({ page })) }
      : {}),
    outdated:
      changeRequest.status !== 'merged' &&
      changeRequestBase(changeRequest) !== extras.spaceRevisionId,
    urls: {
      app: urls.app(path),
      location: urls.api(path),
    },
    permissions: policy.permissions(caller, access, changeRequest),
  }
}
