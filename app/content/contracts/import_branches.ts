import type User from '#accounts/models/user'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import type { SpaceAccess } from '#spaces/records'
import type { ContentChange } from '#content/changes'
import type { AuthoringResult, BatchOptions } from '#content/services/authoring_service'

/**
 * Where background import runs write when their target is a change request: the change requests
 * domain binds it (its records, policy and authoring service); without that domain a run can only
 * target a space.
 */
export abstract class ImportBranches {
  /**
   * The change request `value` (id or number) names in the space, if the caller may author it
   * (404 unknown, 403 not allowed or no longer open): its id.
   */
  abstract authorize(user: User, access: SpaceAccess, value: string): Promise<string>

  /** The import's batch onto the change request's head, as one new head (authorized again). */
  abstract apply(
    user: User,
    access: SpaceAccess,
    changeRequestId: string,
    changes: ContentChange[],
    options: BatchOptions
  ): Promise<AuthoringResult>
}

export class NoImportBranches extends ImportBranches {
  async authorize(): Promise<string> {
    throw BadRequestException.invalid({
      field: 'target.changeRequest',
      message: 'Change requests are not available on this server: import into the space',
    })
  }

  async apply(): Promise<AuthoringResult> {
    throw new Error('Change requests are not available on this server')
  }
}
