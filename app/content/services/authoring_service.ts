import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { appUrl } from '#config/app'
import { toSqlTimestamp } from '#core/database/timestamps'
import { configuredGuard } from '#content/import/import_service'
import { guardedFetch, FetchError } from '#content/import/http_fetch'
import type { SpaceAccess } from '#spaces/records'
import type { ContentChange, PageOutcome } from '#content/changes'
import type { FileEntry, RevisionTree } from '#content/types'
import ContentStore from '#content/services/content_store'
import RevisionWriter from '#content/services/revision_writer'
import BatchApplier, { type NewBlob } from '#content/services/batch_applier'
import ContentEvents from '#content/services/content_events'
import ChangeRequestService from '#change_requests/services/change_request_service'
import { changeRequestBase, type ChangeRequestRecord } from '#change_requests/records'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import { ForbiddenException } from '#core/exceptions/api_exceptions'

/**
 * Options of internal callers. `renameCollidingSlugs`: an explicit slug already taken among the
 * siblings gets a `-2` suffix instead of rejecting the batch (imports into non-empty spaces).
 */
export interface BatchOptions {
  renameCollidingSlugs?: boolean
}

export interface AuthoringResult {
  revision: RevisionTree
  outcomes: PageOutcome[]
  insertedFiles: FileEntry[]
  rowsWritten: number
}

/**
 * `insert_files` entries given by URL: fetched with the import's SSRF guard (private and loopback
 * addresses refused unless IMPORT_ALLOWED_HOSTS lists them), 10 s and 20 MB at most.
 */
async function fetchRemoteFile(url: string) {
  const guard = configuredGuard()
  try {
    const fetched = await guardedFetch(url, {
      guard,
      timeoutMs: 10_000,
      maxBytes: 20 * 1024 * 1024,
    })
    return { bytes: fetched.body, contentType: fetched.contentType || undefined }
  } catch (error) {
    if (error instanceof FetchError) throw new Error(error.message)
    throw error
  }
}

/** Where file bytes of a space live in Drive: one key per distinct content. */
export function blobKey(spaceId: string, hash: string) {
  return `spaces/${spaceId}/blobs/${hash}`
}

/**
 * Applies authoring batches: to a change request (its head moves to the new revision), or straight
 * to a space (imports; the space's current revision moves). One transaction per batch: a rejected
 * change writes nothing.
 */
@inject()
export default class AuthoringService {
  constructor(
    private store: ContentStore,
    private writer: RevisionWriter,
    private changeRequests: ChangeRequestService,
    private events: ContentEvents
  ) {}

  async applyToChangeRequest(
    user: User,
    access: SpaceAccess,
    changeRequestId: string,
    changes: ContentChange[],
    options: BatchOptions = {}
  ): Promise<AuthoringResult & { changeRequest: ChangeRequestRecord }> {
    const spaceId = access.space.id
    return db.transaction(async (trx) => {
      // The row lock serializes batches on one change request: none is applied on a stale head.
      const changeRequest = await this.changeRequests.find(trx, spaceId, changeRequestId, {
        lock: true,
      })
      ForbiddenException.unlessAllowed(
        new ChangeRequestPolicy().author(user, access, changeRequest)
      )
      const base = await this.store.loadTree(trx, spaceId, changeRequest.revisionId)
      const applied = await this.applyBatch(trx, base, changes, {
        ...options,
        baseRevisionId: changeRequestBase(changeRequest),
      })
      const written = await this.writer.write(trx, applied.working, {
        parents: [base.id],
        type: 'edits',
        createdById: user.id,
        changeRequestId: changeRequest.id,
      })
      await this.storeBlobs(spaceId, applied.blobs)
      await this.changeRequests.advance(trx, changeRequest, written.tree.id, user.id, {
        conflictPageIds: await this.remainingConflicts(trx, changeRequest, base, written.tree),
      })
      return {
        revision: written.tree,
        outcomes: applied.outcomes,
        insertedFiles: applied.insertedFiles,
        rowsWritten: written.rowsWritten,
        changeRequest: await this.changeRequests.find(trx, spaceId, changeRequest.id),
      }
    })
  }

  async applyToSpace(
    user: User,
    access: SpaceAccess,
    changes: ContentChange[],
    options: BatchOptions & { type: RevisionTree['type'] } = { type: 'edits' }
  ): Promise<AuthoringResult> {
    const spaceId = access.space.id
    return db.transaction(async (trx) => {
      const space = await trx
        .from('spaces')
        .where('id', spaceId)
        .forUpdate()
        .select('revision_id')
        .first()
      const base = await this.store.loadTree(trx, spaceId, space.revision_id)
      const applied = await this.applyBatch(trx, base, changes, {
        ...options,
        baseRevisionId: base.id,
      })
      const written = await this.writer.write(trx, applied.working, {
        parents: [base.id],
        type: options.type,
        createdById: user.id,
        changeRequestId: null,
      })
      await this.storeBlobs(spaceId, applied.blobs)
      await this.makeCurrent(trx, access, base, written.tree)
      return {
        revision: written.tree,
        outcomes: applied.outcomes,
        insertedFiles: applied.insertedFiles,
        rowsWritten: written.rowsWritten,
      }
    })
  }

  /**
   * Moves the space to `next` (which descends from `previous`) and tells the indexes what changed.
   */
  async makeCurrent(
    trx: QueryClientContract,
    access: SpaceAccess,
    previous: RevisionTree,
    next: RevisionTree
  ) {
    await trx
      .from('spaces')
      .where('id', access.space.id)
      .update({ revision_id: next.id, updated_at: toSqlTimestamp(new Date()) })
    await this.events.revisionBecameCurrent(trx, access.space.organizationId, previous, next)
  }

  /**
   * Pages an update left in conflict leave the list once a batch deleted them or edited them so
   * their document holds no conflict markers. Pages the batch did not touch are not read.
   * Undefined: the list stays as it is.
   */
  private async remainingConflicts(
    trx: QueryClientContract,
    changeRequest: ChangeRequestRecord,
    before: RevisionTree,
    after: RevisionTree
  ): Promise<string[] | undefined> {
    const listed = changeRequest.conflictPageIds
    if (listed.length === 0) return undefined
    const edited = new Set(
      listed.filter((id) => {
        const page = after.byId.get(id)
        return page !== undefined && page.hash !== before.byId.get(id)?.hash
      })
    )
    const marked = await this.changeRequests.pagesWithMarkers(trx, after, [...edited])
    const remaining = listed.filter(
      (id) => after.byId.has(id) && (!edited.has(id) || marked.has(id))
    )
    return remaining.length !== listed.length ? remaining : undefined
  }

  private applyBatch(
    trx: QueryClientContract,
    base: RevisionTree,
    changes: ContentChange[],
    options: BatchOptions & { baseRevisionId: string }
  ) {
    const spaceId = base.spaceId
    return new BatchApplier(base, {
      baseRevisionId: options.baseRevisionId,
      renameCollidingSlugs: options.renameCollidingSlugs ?? false,
      appUrl,
      loadRevision: (revisionId) => this.store.loadTree(trx, spaceId, revisionId),
      readDocument: (hash) => this.store.readDocument(trx, spaceId, hash),
      fetchFile: fetchRemoteFile,
    }).apply(changes)
  }

  /**
   * Bytes go to Drive before the transaction commits; a blob left by a batch that then fails is
   * harmless (content-addressed, removed with the space).
   */
  private async storeBlobs(spaceId: string, blobs: NewBlob[]) {
    const disk = drive.use()
    for (const blob of blobs) {
      const key = blobKey(spaceId, blob.hash)
      if (!(await disk.exists(key))) await disk.put(key, blob.bytes)
    }
  }
}
