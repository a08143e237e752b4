import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ContentStore from '#content/services/content_store'
import ContentReadService, {
  type ReadTarget,
  type ResolvedRead,
} from '#content/services/content_read_service'
import { changeRequestBase, type ChangeRequestRecord } from '#change_requests/records'
import ChangeRequestService from '#change_requests/services/change_request_service'

/**
 * Content reads that may point at a change request's head, for the change requests' own readers
 * (PDF export) and the console: the content domain's targets plus `change-request`.
 */
export type ChangeRequestReadTarget = ReadTarget | { kind: 'change-request'; changeRequest: string }

export interface ChangeRequestRead extends ResolvedRead {
  /** The change request of a `change-request` target. */
  changeRequest?: ChangeRequestRecord
}

/** The target named by route parameters: `changeRequestId`, `revisionId`, or neither (the space). */
export function targetOf(params: Record<string, unknown>): ChangeRequestReadTarget {
  if (typeof params.changeRequestId === 'string')
    return { kind: 'change-request', changeRequest: params.changeRequestId }
  if (typeof params.revisionId === 'string')
    return { kind: 'revision', revision: params.revisionId }
  return { kind: 'space' }
}

/** A change request as the content domain sees a branch. */
export function branchOf(changeRequest: ChangeRequestRecord) {
  return {
    id: changeRequest.id,
    headRevisionId: changeRequest.revisionId,
    baseRevisionId: changeRequestBase(changeRequest),
  }
}

@inject()
export default class ChangeRequestReadService {
  constructor(
    private reads: ContentReadService,
    private changeRequests: ChangeRequestService,
    private store: ContentStore
  ) {}

  async resolve(
    userId: string,
    spaceId: string,
    target: ChangeRequestReadTarget
  ): Promise<ChangeRequestRead> {
    if (target.kind !== 'change-request') return this.reads.resolve(userId, spaceId, target)
    const { access, changeRequest } = await this.changeRequests.forCaller(
      userId,
      spaceId,
      target.changeRequest
    )
    return {
      access,
      changeRequest,
      branch: branchOf(changeRequest),
      tree: await this.store.loadTree(db.connection(), access.space.id, changeRequest.revisionId),
    }
  }
}
