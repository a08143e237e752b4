import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import { ForbiddenException } from '#core/exceptions/api_exceptions'
import type { SpaceAccess } from '#spaces/records'
import type { ContentChange } from '#content/changes'
import { ImportBranches } from '#content/contracts/import_branches'
import type { BatchOptions } from '#content/services/authoring_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'

/** Background import runs into change requests: the same lookup, policy and authoring as the API. */
@inject()
export default class ImportBranchesService extends ImportBranches {
  constructor(
    private changeRequests: ChangeRequestService,
    private authoring: ChangeRequestAuthoringService
  ) {
    super()
  }

  async authorize(user: User, access: SpaceAccess, value: string) {
    const changeRequest = await this.changeRequests.find(db.connection(), access.space.id, value)
    ForbiddenException.unlessAllowed(new ChangeRequestPolicy().author(user, access, changeRequest))
    return changeRequest.id
  }

  async apply(
    user: User,
    access: SpaceAccess,
    changeRequestId: string,
    changes: ContentChange[],
    options: BatchOptions
  ) {
    const changeRequest = await this.changeRequests.find(
      db.connection(),
      access.space.id,
      changeRequestId
    )
    return this.authoring.apply(user, access, changeRequest, changes, options)
  }
}
