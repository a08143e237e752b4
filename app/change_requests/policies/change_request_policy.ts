import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { roleAtLeast } from '#core/roles'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'

/**
 * What a caller may do with a space's change requests, from their effective role on the space.
 * Readers see them; editors open, author, retitle and (un)archive them (authoring not in a locked
 * space); reviewers and above merge. A merged or archived change request takes no more edits.
 */
export default class ChangeRequestPolicy extends BasePolicy {
  create(_user: User, access: SpaceAccess) {
    if (!roleAtLeast(access.role, 'edit')) {
      return AuthorizationResponse.deny(
        'You need the edit role on this space to open change requests',
        403
      )
    }
    if (access.space.editMode === 'locked') {
      return AuthorizationResponse.deny('This space is locked: its content cannot be edited', 403)
    }
    return true
  }

  author(user: User, access: SpaceAccess, changeRequest: ChangeRequestRecord) {
    const allowed = this.create(user, access)
    if (allowed !== true) return allowed
    return whileInProgress(changeRequest, 'its content cannot change')
  }

  /** PATCH: its subject and status (the moves themselves are ChangeRequestService's rules). */
  update(_user: User, access: SpaceAccess, _changeRequest: ChangeRequestRecord) {
    if (!roleAtLeast(access.role, 'edit')) {
      return AuthorizationResponse.deny(
        'You need the edit role on this space to change its change requests',
        403
      )
    }
    return true
  }

  /**
   * Merging into the space: reviewers and above. Whether the change request is in a state to merge
   * (not merged, not archived) is a 409 of ChangeRequestMergeService, decided under its locks.
   */
  merge(_user: User, access: SpaceAccess, _changeRequest: ChangeRequestRecord) {
    if (!roleAtLeast(access.role, 'review')) {
      return AuthorizationResponse.deny(
        'You need the review role on this space to merge change requests',
        403
      )
    }
    return true
  }

  permissions(user: User, access: SpaceAccess, changeRequest: ChangeRequestRecord) {
    const edit = this.author(user, access, changeRequest) === true
    const open = changeRequest.status !== 'merged'
    return {
      view: roleAtLeast(access.role, 'read'),
      edit,
      comment: roleAtLeast(access.role, 'comment'),
      merge:
        this.merge(user, access, changeRequest) === true &&
        open &&
        changeRequest.status !== 'archived',
      review: this.review(user, access, changeRequest) === true,
    }
  }

  /**
   * Requesting and removing reviewers: editors, while the change request is still in progress.
   */
  manageReviewers(_user: User, access: SpaceAccess, changeRequest: ChangeRequestRecord) {
    if (!roleAtLeast(access.role, 'edit')) {
      return AuthorizationResponse.deny(
        'You need the edit role on this space to request reviewers',
        403
      )
    }
    return whileInProgress(changeRequest, 'its reviewers cannot change')
  }

  /**
   * Submitting a review: reviewers and above, not the change request's author, while it is a draft
   * or open.
   */
  review(user: User, access: SpaceAccess, changeRequest: ChangeRequestRecord) {
    if (!roleAtLeast(access.role, 'review')) {
      return AuthorizationResponse.deny(
        'You need the review role on this space to review change requests',
        403
      )
    }
    if (changeRequest.createdBy?.id === user.id) {
      return AuthorizationResponse.deny('You cannot review your own change request', 403)
    }
    if (changeRequest.status !== 'draft' && changeRequest.status !== 'open') {
      return AuthorizationResponse.deny(
        `This change request is ${changeRequest.status}: it cannot be reviewed`,
        403
      )
    }
    return true
  }
}

/** Merged and archived change requests are done: `consequence` says what that forbids. */
function whileInProgress(changeRequest: ChangeRequestRecord, consequence: string) {
  if (changeRequest.status === 'merged' || changeRequest.status === 'archived') {
    return AuthorizationResponse.deny(
      `This change request is ${changeRequest.status}: ${consequence}`,
      403
    )
  }
  return true
}
