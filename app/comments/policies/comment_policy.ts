import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { roleAtLeast } from '#core/roles'
import type { SpaceAccess } from '#spaces/records'
import type { CommentRecord } from '#comments/records'

/** The parts of an update a caller asks for; each needs its own right. */
export interface CommentUpdateParts {
  body?: unknown
  resolved?: boolean
  addedReactions?: unknown[]
  removedReactions?: unknown[]
}

/**
 * Who may do what with comments and replies, from the caller's effective role on the space. Readers
 * see discussions; commenters post, reply and react; authors edit (while they may comment) and
 * delete their own; admins of the space edit and delete anyone's. Resolving takes the author or an
 * editor. The same predicates fill `permissions`.
 */
export default class CommentPolicy extends BasePolicy {
  view(_user: User, access: SpaceAccess) {
    return roleAtLeast(access.role, 'read')
  }

  /** Posting a comment, replying to one and reacting. */
  comment(_user: User, access: SpaceAccess) {
    return (
      roleAtLeast(access.role, 'comment') ||
      AuthorizationResponse.deny(
        'You need the comment role on this space to take part in discussions',
        403
      )
    )
  }

  edit(user: User, access: SpaceAccess, comment: CommentRecord) {
    if (roleAtLeast(access.role, 'admin')) return true
    if (isAuthor(user, comment) && roleAtLeast(access.role, 'comment')) return true
    return AuthorizationResponse.deny(
      'Only its author or an admin of the space can edit this comment',
      403
    )
  }

  delete(user: User, access: SpaceAccess, comment: CommentRecord) {
    if (roleAtLeast(access.role, 'admin') || isAuthor(user, comment)) return true
    return AuthorizationResponse.deny(
      'Only its author or an admin of the space can delete this comment',
      403
    )
  }

  resolve(user: User, access: SpaceAccess, comment: CommentRecord) {
    if (roleAtLeast(access.role, 'edit') || isAuthor(user, comment)) return true
    return AuthorizationResponse.deny(
      'Only its author or an editor of the space can resolve this comment',
      403
    )
  }

  /** A PUT on a comment or reply: every part it asks for must be allowed, or nothing is done. */
  update(user: User, access: SpaceAccess, comment: CommentRecord, parts: CommentUpdateParts) {
    const checks = [
      parts.body !== undefined ? this.edit(user, access, comment) : true,
      parts.resolved !== undefined ? this.resolve(user, access, comment) : true,
      parts.addedReactions?.length || parts.removedReactions?.length
        ? this.comment(user, access)
        : true,
    ]
    return checks.find((check) => check !== true) ?? true
  }

  permissions(user: User, access: SpaceAccess, comment: CommentRecord) {
    return {
      view: this.view(user, access),
      edit: this.edit(user, access, comment) === true,
      reply: this.comment(user, access) === true,
      delete: this.delete(user, access, comment) === true,
    }
  }
}

function isAuthor(user: User, comment: CommentRecord) {
  return comment.postedBy?.id === user.id
}
