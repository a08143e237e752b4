import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { PreconditionFailedException } from '#core/exceptions/api_exceptions'
import { mergeRulesFromColumn, type MergeRuleName, type SpaceAccess } from '#spaces/records'
import { changeRequestBase, type ChangeRequestRecord } from '#change_requests/records'
import ReviewService from '#change_requests/services/review_service'

/** Why each rule refuses a merge, in the words the 412 uses (and the console shows). */
export const MERGE_RULE_FAILURES: Record<MergeRuleName, string> = {
  require_at_least_one_approved_review:
    'This change request needs an approving review of its latest revision to merge',
  require_all_reviews_approved:
    "Every reviewer's latest review of this change request's latest revision must approve it, and there must be at least one, to merge",
  require_up_to_date_change_request:
    "This change request must be updated with the space's latest content to merge",
  require_change_request_subject: 'This change request needs a subject to merge',
}

/** A merge refused by the space's merge rules (412), naming them. */
export class MergeRulesFailedException extends PreconditionFailedException {
  constructor(public rules: MergeRuleName[]) {
    super(rules.map((rule) => `${MERGE_RULE_FAILURES[rule]} (merge rule ${rule}).`).join(' '))
  }
}

/**
 * The merge rules of a space, checked when a change request merges. A space without rules of its
 * own inherits its organization's, which are none. Only current reviews count (ReviewService): a
 * review of an older head, or one its reviewer replaced, neither approves nor blocks.
 */
@inject()
export default class MergeRulesService {
  constructor(private reviews: ReviewService) {}

  /**
   * Throws a 412 naming every rule the change request fails. Call it inside the merge transaction,
   * after locking the space row and then the change request row: the rules are read from the
   * locked space (a change committed since the request was authorized counts), and
   * `spaceRevisionId` is the space's current revision read under that lock.
   */
  async assertMergeable(
    client: QueryClientContract,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    spaceRevisionId: string
  ): Promise<void> {
    const failed = await this.failedRules(client, access, changeRequest, spaceRevisionId)
    if (failed.length > 0) throw new MergeRulesFailedException(failed)
  }

  /**
   * The rules the change request does not meet now, against the space's current revision: what a
   * merge would refuse, for showing before anyone tries.
   */
  async pendingRules(access: SpaceAccess, changeRequest: ChangeRequestRecord) {
    const client = db.connection()
    const space = await client
      .from('spaces')
      .where('id', access.space.id)
      .select('revision_id')
      .first()
    return this.failedRules(client, access, changeRequest, space?.revision_id ?? '')
  }

  /** The rules of the space the change request does not meet now, in their configured order. */
  async failedRules(
    client: QueryClientContract,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    spaceRevisionId: string
  ): Promise<MergeRuleName[]> {
    const space = await client
      .from('spaces')
      .where('id', access.space.id)
      .select('merge_rules')
      .first()
    const configuration = mergeRulesFromColumn(space?.merge_rules)
    if (!configuration || configuration.type === 'none' || configuration.rules.length === 0)
      return []

    const names = configuration.rules.map(({ rule }) => rule)
    const needsReviews = names.some(
      (rule) =>
        rule === 'require_at_least_one_approved_review' || rule === 'require_all_reviews_approved'
    )
    const current = needsReviews ? await this.reviews.currentReviews(client, changeRequest) : []
    const met: Record<MergeRuleName, () => boolean> = {
      require_at_least_one_approved_review: () =>
        current.some((review) => review.status === 'approved'),
      require_all_reviews_approved: () =>
        current.length > 0 && current.every((review) => review.status === 'approved'),
      require_up_to_date_change_request: () => changeRequestBase(changeRequest) === spaceRevisionId,
      require_change_request_subject: () => (changeRequest.subject ?? '').trim().length > 0,
    }
    return names.filter((rule) => !met[rule]())
  }
}
