import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { retryOnLockConflict } from '#core/database/errors'
import { auditActor, auditLog } from '#core/audit/audit_log'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { toSqlTimestamp } from '#core/database/timestamps'
import { ConflictException, ForbiddenException } from '#core/exceptions/api_exceptions'
import type { SpaceAccess } from '#spaces/records'
import ContentStore from '#content/services/content_store'
import RevisionWriter from '#content/services/revision_writer'
import AuthoringService from '#content/services/authoring_service'
import { WorkingTree } from '#content/services/working_tree'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import MergeRulesService from '#change_requests/services/merge_rules_service'
import {
  changeRequestBase,
  conflictPagesIn,
  type ChangeRequestRecord,
  type ConflictPage,
} from '#change_requests/records'
import {
  applyMerge,
  mergeRevisions,
  type MergeConflict,
  type MergeInput,
} from '#change_requests/services/revision_merge'

export interface MergeOutcome {
  revision: string
  result: 'merge'
  rowsWritten: number
}

export interface UpdateOutcome {
  revision: string
  result: 'update'
  /** Pages the change request lists in conflict after the update. */
  conflicts: ConflictPage[]
  rowsWritten: number
}

const policy = new ChangeRequestPolicy()

/** Only draft and open change requests merge; the others are a conflict with their state. */
function assertMergeable(changeRequest: ChangeRequestRecord) {
  if (changeRequest.status === 'merged')
    throw new ConflictException('This change request is already merged')
  if (changeRequest.status === 'archived') {
    throw new ConflictException(
      'This change request is archived: move it to open or draft before merging it'
    )
  }
}

/** A merge refused because pages conflict with the space's content (409), naming them. */
export class MergeConflictException extends ConflictException {
  constructor(public conflicts: MergeConflict[]) {
    super(conflictMessage(conflicts))
  }
}

function conflictMessage(conflicts: MergeConflict[]): string {
  const pages = conflicts.map((c) => `"${c.title}" (page ${c.pageId}, ${c.path}): ${c.reason}`)
  return `The change request conflicts with the space's content; update it and resolve ${
    conflicts.length === 1 ? 'this page' : `these ${conflicts.length} pages`
  } first: ${pages.join('; ')}`
}

/**
 * Merging a change request into its space and bringing the space's content into a change request:
 * three-way merges (revision_merge) against the change request's base, the ancestor both sides
 * share (`revisionMergedAncestor`, else `revisionInitial`).
 *
 * Locks: the space row, then the change request row (the order everywhere). Concurrent merges into
 * one space queue on the space row, so each merges against the revision the previous one made.
 */
@inject()
export default class ChangeRequestMergeService {
  constructor(
    private store: ContentStore,
    private writer: RevisionWriter,
    private authoring: AuthoringService,
    private changeRequests: ChangeRequestService,
    private mergeRules: MergeRulesService
  ) {}

  /**
   * A new space revision (type `merge`, parents [space, change request]) made current; the change
   * request becomes merged. Any conflict is a 409 naming the pages, and nothing changes.
   */
  async merge(user: User, access: SpaceAccess, idOrNumber: string): Promise<MergeOutcome> {
    const spaceId = access.space.id
    return retryOnLockConflict(() =>
      db.transaction(async (trx) => {
        const { space, changeRequest } = await this.lock(trx, user, access, idOrNumber, 'merge')
        assertMergeable(changeRequest)
        // The space's merge rules (e.g. an approving review of the latest revision), read under both
        // locks, before any content is read.
        await this.mergeRules.assertMergeable(trx, access, changeRequest, space.revision_id)

        const ours = await this.store.loadTree(trx, spaceId, space.revision_id)
        const theirs = await this.store.loadTree(trx, spaceId, changeRequest.revisionId)
        const ancestor = await this.store.loadTree(trx, spaceId, changeRequestBase(changeRequest))
        // The space did not move since the base: the result is the change request's tree as it is
        // (its stored nodes are reused, nothing is rewritten or merged).
        const fastForward = ours.id === ancestor.id
        const merged = fastForward
          ? null
          : await this.threeWay(trx, {
              ancestor,
              space: ours,
              changeRequest: theirs,
              base: 'space',
            })
        const conflicts = [...(merged?.conflicts ?? [])]
        const marked = await this.changeRequests.pagesWithMarkers(
          trx,
          theirs,
          changeRequest.conflictPageIds
        )
        for (const page of conflictPagesIn(theirs, [...marked])) {
          if (!conflicts.some((c) => c.pageId === page.id)) {
            conflicts.push({
              pageId: page.id,
              title: page.title,
              path: page.path,
              reason: 'its document still holds conflict markers',
            })
          }
        }
        if (conflicts.length > 0) throw new MergeConflictException(conflicts)

        const working = new WorkingTree(merged ? ours : theirs)
        if (merged) applyMerge(working, merged)
        const written = await this.writer.write(trx, working, {
          parents: [ours.id, theirs.id],
          type: 'merge',
          createdById: user.id,
          changeRequestId: null,
        })
        await this.authoring.makeCurrent(trx, access, ours, written.tree)
        const now = toSqlTimestamp(new Date())
        await trx.from('change_requests').where('id', changeRequest.id).update({
          status: 'merged',
          revision_merged_id: written.tree.id,
          merged_by_id: user.id,
          merged_at: now,
          conflicts: null,
          updated_at: now,
        })
        await auditLog.record(
          {
            organizationId: access.space.organizationId,
            action: 'change_request.merged',
            actor: auditActor(user),
            target: {
              type: 'change-request',
              id: changeRequest.id,
              label: `#${changeRequest.number} ${changeRequest.subject ?? ''}`.trim(),
            },
            payload: { spaceId, number: changeRequest.number, revision: written.tree.id },
          },
          trx
        )
        return {
          revision: written.tree.id,
          result: 'merge' as const,
          rowsWritten: written.rowsWritten,
        }
      })
    )
  }

  /**
   * Brings the space's current content into the change request. Nothing to bring (the space is
   * still at the base): no new revision, the current head is the answer. Otherwise a new change
   * request revision (type `update`, parents [head, space]) becomes the head and the base moves to
   * the space's revision. Conflicts do not stop it: the change request keeps its side, documents
   * get conflict markers, and the pages are listed until edited.
   */
  async update(user: User, access: SpaceAccess, idOrNumber: string): Promise<UpdateOutcome> {
    const spaceId = access.space.id
    return retryOnLockConflict(() =>
      db.transaction(async (trx) => {
        const { space, changeRequest } = await this.lock(trx, user, access, idOrNumber, 'author')
        if (space.revision_id === changeRequestBase(changeRequest)) {
          return {
            revision: changeRequest.revisionId,
            result: 'update' as const,
            conflicts: changeRequest.conflicts,
            rowsWritten: 0,
          }
        }

        const ours = await this.store.loadTree(trx, spaceId, space.revision_id)
        const head = await this.store.loadTree(trx, spaceId, changeRequest.revisionId)
        const ancestor = await this.store.loadTree(trx, spaceId, changeRequestBase(changeRequest))
        // A change request without changes of its own simply takes the space's tree.
        const untouched = head.id === ancestor.id
        const merged = untouched
          ? null
          : await this.threeWay(trx, {
              ancestor,
              space: ours,
              changeRequest: head,
              base: 'changeRequest',
            })
        const working = new WorkingTree(merged ? head : ours)
        if (merged) applyMerge(working, merged)
        const written = await this.writer.write(trx, working, {
          parents: [head.id, ours.id],
          type: 'update',
          createdById: user.id,
          changeRequestId: changeRequest.id,
        })
        // Pages listed before stay listed while their markers remain.
        const listed = new Set((merged?.conflicts ?? []).map((c) => c.pageId))
        for (const id of await this.changeRequests.pagesWithMarkers(
          trx,
          written.tree,
          changeRequest.conflictPageIds
        )) {
          listed.add(id)
        }
        const conflictIds = [...listed].filter((id) => written.tree.byId.has(id))
        await this.changeRequests.advance(trx, changeRequest, written.tree.id, user.id, {
          mergedAncestorId: ours.id,
          conflictPageIds: conflictIds,
        })
        return {
          revision: written.tree.id,
          result: 'update' as const,
          conflicts: conflictPagesIn(written.tree, conflictIds),
          rowsWritten: written.rowsWritten,
        }
      })
    )
  }

  private threeWay(trx: QueryClientContract, trees: Omit<MergeInput, 'readDocuments'>) {
    return mergeRevisions({
      ...trees,
      readDocuments: (hashes) => this.store.readDocuments(trx, trees.space.spaceId, hashes),
    })
  }

  /**
   * The space row, then the change request row, locked for the rest of the transaction (the order
   * every writer takes), and the caller's right to `action` checked again under them.
   */
  private async lock(
    trx: QueryClientContract,
    user: User,
    access: SpaceAccess,
    idOrNumber: string,
    action: 'merge' | 'author'
  ) {
    const space = await trx
      .from('spaces')
      .where('id', access.space.id)
      .forUpdate()
      .select('revision_id')
      .first()
    const changeRequest = await this.changeRequests.find(trx, access.space.id, idOrNumber, {
      lock: true,
    })
    ForbiddenException.unlessAllowed(policy[action](user, access, changeRequest))
    return { space, changeRequest }
  }
}
