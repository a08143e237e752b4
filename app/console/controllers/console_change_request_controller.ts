import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestMergeService, {
  MergeConflictException,
} from '#change_requests/services/change_request_merge_service'
import {
  MERGE_RULE_FAILURES,
  MergeRulesFailedException,
} from '#change_requests/services/merge_rules_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import ReviewService from '#change_requests/services/review_service'
import { updateChangeRequestValidator } from '#change_requests/validators/change_request_validators'
import {
  requestReviewersValidator,
  submitReviewValidator,
} from '#change_requests/validators/review_validators'
import ConsoleChangeRequestsService from '#console/services/console_change_requests_service'
import { ConsoleRefusalException } from '#console/exceptions/console_refusal_exception'
import { formInput, noticeBack } from '#console/http/console_form'
import { withoutEmptyOf } from '#console/validators/form_input'

/** What a status move is called on the change request page's notice. */
const STATUS_NOTICES: Record<string, string> = {
  open: 'Change request opened for review.',
  draft: 'Change request moved back to draft.',
  archived: 'Change request archived.',
}

/**
 * The forms of a change request's page: subject and status, merge, update from the space,
 * requested reviewers and reviews, through the change requests domain's policy and services (the
 * API's rules, and its refusals flashed in words).
 */
@inject()
export default class ConsoleChangeRequestController {
  constructor(
    private console: ConsoleChangeRequestsService,
    private changeRequests: ChangeRequestService,
    private merges: ChangeRequestMergeService,
    private reviewers: RequestedReviewerService,
    private reviews: ReviewService
  ) {}

  /** PATCH .../change-requests/:changeRequestId: the subject, or a status move. */
  async update(ctx: HttpContext) {
    const { access, changeRequest } = await this.console.open(ctx, 'update')
    const input = await formInput(
      ctx,
      updateChangeRequestValidator,
      ['subject', 'status'],
      (body) => withoutEmptyOf(body, ['status'])
    )
    await this.changeRequests.update(access, changeRequest.id, input)
    const moved = input.status !== undefined && input.status !== changeRequest.status
    return noticeBack(ctx, moved ? STATUS_NOTICES[input.status!] : 'Change request saved.')
  }

  /**
   * POST .../merge. A refusal by the space's merge rules or by conflicting pages comes back in
   * words, one reason per rule or page.
   */
  async merge(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.console.open(ctx, 'merge')
    try {
      await this.merges.merge(user, access, changeRequest.id)
    } catch (error) {
      if (error instanceof MergeRulesFailedException) {
        const reasons = error.rules.map((rule) => MERGE_RULE_FAILURES[rule])
        throw new ConsoleRefusalException(`Not merged. ${reasons.join('. ')}.`, 412)
      }
      if (error instanceof MergeConflictException) {
        const pages = error.conflicts.map((c) => `"${c.title}" (${c.path}): ${c.reason}`)
        throw new ConsoleRefusalException(
          `Not merged: the space changed the same content. Update the change request from the space and resolve ${
            pages.length === 1 ? 'this page' : 'these pages'
          } first: ${pages.join('; ')}.`,
          409
        )
      }
      throw error
    }
    return noticeBack(ctx, `Change request #${changeRequest.number} merged into the space.`)
  }

  /** POST .../update: brings the space's current content in; conflicting pages are named. */
  async updateFromSpace(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.console.open(ctx, 'author')
    const { conflicts } = await this.merges.update(user, access, changeRequest.id)
    if (conflicts.length === 0) return noticeBack(ctx, 'Updated with the space’s latest content.')
    const titles = conflicts.map((page) => `"${page.title}"`).join(', ')
    return noticeBack(
      ctx,
      `Updated with the space’s latest content. ${
        conflicts.length === 1 ? 'One page conflicts' : `${conflicts.length} pages conflict`
      } and must be edited before merging: ${titles}.`
    )
  }

  /** POST .../requested-reviewers: asks one member of the organization to review. */
  async requestReviewer(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.console.open(ctx, 'manageReviewers')
    const input = await ctx.request.validateUsing(requestReviewersValidator, {
      data: { users: [ctx.request.input('user', '')].filter(Boolean) },
    })
    const [requested] = await this.reviewers.request(user, access, changeRequest, input)
    const name = requested ? requested.user.displayName || requested.user.email : 'The member'
    return noticeBack(ctx, `${name} was asked to review.`)
  }

  /** DELETE .../requested-reviewers/:userId */
  async removeReviewer(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.console.open(ctx, 'manageReviewers')
    await this.reviewers.remove(user, access, changeRequest, ctx.params.userId)
    return noticeBack(ctx, 'Review request removed.')
  }

  /** POST .../reviews: approve or request changes, with an optional comment. */
  async review(ctx: HttpContext) {
    const { user, access, changeRequest } = await this.console.open(ctx, 'review')
    const input = await formInput(ctx, submitReviewValidator, ['status', 'comment'], (body) => {
      const comment = typeof body.comment === 'string' ? body.comment.trim() : ''
      return { status: body.status, ...(comment ? { comment: { markdown: comment } } : {}) }
    })
    await this.reviews.submit(user, access, changeRequest, input)
    return noticeBack(
      ctx,
      input.status === 'approved' ? 'You approved this change request.' : 'You requested changes.'
    )
  }
}
