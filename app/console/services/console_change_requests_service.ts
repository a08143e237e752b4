import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { diffLines } from 'diff'
import type User from '#accounts/models/user'
import { MAX_PAGE_SIZE } from '#core/http/pagination'
import type { SpaceAccess } from '#spaces/records'
import MemberService from '#organizations/services/member_service'
import { changeRequestBase, type ChangeRequestRecord } from '#change_requests/records'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import type { ChangeRequestAbility } from '#change_requests/controllers/change_request_controller'
import ChangeRequestChangesService, {
  type PageChange,
} from '#change_requests/services/change_request_changes_service'
import RequestedReviewerService from '#change_requests/services/requested_reviewer_service'
import ReviewService from '#change_requests/services/review_service'
import ReviewPresenter from '#change_requests/services/review_presenter'
import MergeRulesService, {
  MERGE_RULE_FAILURES,
} from '#change_requests/services/merge_rules_service'

/** Unchanged lines shown around each change of a page's diff; longer runs are collapsed. */
const CONTEXT_LINES = 3

/** A line of a page's diff, or a collapsed run of `count` unchanged lines. */
export type DiffLine =
  { type: 'added' | 'removed' | 'unchanged'; text: string } | { type: 'collapsed'; count: number }

const policy = new ChangeRequestPolicy()

/**
 * The line diff of a page's markdown between the change request's base and head, unchanged runs
 * longer than the context around changes collapsed.
 */
export function lineDiff(base: string, head: string): DiffLine[] {
  const lines: DiffLine[] = []
  const parts = diffLines(base, head)
  parts.forEach((part, index) => {
    const texts = part.value.replace(/\n$/, '').split('\n')
    if (part.added || part.removed) {
      for (const text of texts) lines.push({ type: part.added ? 'added' : 'removed', text })
      return
    }
    const keepBefore = index === 0 ? 0 : CONTEXT_LINES
    const keepAfter = index === parts.length - 1 ? 0 : CONTEXT_LINES
    if (texts.length <= keepBefore + keepAfter + 1) {
      for (const text of texts) lines.push({ type: 'unchanged', text })
      return
    }
    for (const text of texts.slice(0, keepBefore)) lines.push({ type: 'unchanged', text })
    lines.push({ type: 'collapsed', count: texts.length - keepBefore - keepAfter })
    for (const text of texts.slice(texts.length - keepAfter)) {
      lines.push({ type: 'unchanged', text })
    }
  })
  return lines
}

function userName(user: { displayName: string; email: string }) {
  return user.displayName || user.email
}

function pageChangeProps({ base, head, ...change }: PageChange) {
  return { ...change, diff: base === head ? [] : lineDiff(base, head) }
}

/**
 * What the console's change request page reads and its forms open with, through the change
 * requests domain's services and policy (the same 404s and refusals as the API).
 */
@inject()
export default class ConsoleChangeRequestsService {
  constructor(
    private changeRequests: ChangeRequestService,
    private changes: ChangeRequestChangesService,
    private reviewers: RequestedReviewerService,
    private reviews: ReviewService,
    private presenter: ReviewPresenter,
    private mergeRules: MergeRulesService,
    private members: MemberService
  ) {}

  /**
   * The signed-in user, their access to the space and the change request the URL names (404 for
   * either), and the policy's `ability` on it when given (403), as the API's endpoints open.
   */
  async open({ auth, bouncer, params }: HttpContext, ability?: ChangeRequestAbility) {
    const user = auth.use('web').getUserOrFail()
    const { access, changeRequest } = await this.changeRequests.forCaller(
      user.id,
      params.spaceId,
      params.changeRequestId
    )
    if (ability) await bouncer.with(ChangeRequestPolicy).authorize(ability, access, changeRequest)
    return { user, access, changeRequest }
  }

  /**
   * The change request page's loop: its page changes with their diffs, requested reviewers and
   * who may be requested, reviews (outdated ones flagged), the merge rules it does not meet yet and
   * what the user may do.
   */
  async loop(user: User, access: SpaceAccess, changeRequest: ChangeRequestRecord) {
    const [changes, requested, reviews, pendingRules] = [
      await this.changes.pageChanges(changeRequest),
      await this.reviewers.list(changeRequest, { limit: MAX_PAGE_SIZE }),
      await this.reviews.list(changeRequest, { limit: MAX_PAGE_SIZE }),
      await this.mergeRules.pendingRules(access, changeRequest),
    ]
    const presented = await this.presenter.reviews(
      reviews.items,
      access,
      changeRequest,
      user,
      'markdown'
    )
    const permissions = policy.permissions(user, access, changeRequest)
    const manageReviewers = policy.manageReviewers(user, access, changeRequest) === true
    const requestedIds = new Set(requested.items.map((each) => each.user.id))
    const candidates = manageReviewers ? await this.candidates(access) : []
    return {
      outdated: changeRequestBase(changeRequest) !== access.space.revisionId,
      conflicts: changeRequest.conflicts,
      changes: changes.map(pageChangeProps),
      requestedReviewers: requested.items.map((each) => ({
        id: each.user.id,
        name: userName(each.user),
        requestedAt: each.createdAt.toISO()!,
      })),
      reviewerCandidates: candidates.filter(
        (member) => !requestedIds.has(member.id) && member.id !== changeRequest.createdBy?.id
      ),
      reviews: reviews.items.map((review, index) => ({
        id: review.id,
        reviewer: userName(review.reviewer),
        status: review.status,
        outdated: review.outdated,
        createdAt: review.createdAt.toISO()!,
        comment: commentMarkdown(presented[index]),
      })),
      mergeRules: pendingRules.map((rule) => MERGE_RULE_FAILURES[rule]),
      can: {
        edit: permissions.edit,
        update: policy.update(user, access, changeRequest) === true,
        merge: permissions.merge,
        review: permissions.review,
        manageReviewers,
      },
    }
  }

  /**
   * Members of the space's organization who may be asked to review (the service checks their role
   * on the space when asked).
   */
  private async candidates(access: SpaceAccess) {
    const page = await this.members.list(access.space.organizationId, {
      limit: MAX_PAGE_SIZE,
      order: 'asc',
    })
    return page.items
      .filter((member) => !member.disabled)
      .map((member) => ({ id: member.userId, name: userName(member.user) }))
  }
}

/** The markdown of a review's comment as the comments domain presents it (none without comments). */
function commentMarkdown(review: object): string | null {
  const comment = (review as { comment?: { body?: { markdown?: unknown } } }).comment
  return typeof comment?.body?.markdown === 'string' ? comment.body.markdown : null
}
