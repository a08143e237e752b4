import type User from '#accounts/models/user'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'
import { serializeChangeRequest } from '#change_requests/serializers/change_request_serializer'

/**
 * Change requests on the wire, with the extras their objects need (the open comments are counted by
 * the query that read the record).
 */
export function presentChangeRequests(
  records: ChangeRequestRecord[],
  access: SpaceAccess,
  caller: User
) {
  return records.map((record) =>
    serializeChangeRequest(record, access, caller, {
      spaceRevisionId: access.space.revisionId,
      comments: record.openComments,
    })
  )
}

export function presentChangeRequest(
  record: ChangeRequestRecord,
  access: SpaceAccess,
  caller: User
) {
  return presentChangeRequests([record], access, caller)[0]
}
