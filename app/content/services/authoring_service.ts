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
import { pathLinkPages } from '#content/services/path_links'
import ContentEvents, {
  type RevisionChangeOptions,
  type SectionSplitter,
} from '#content/services/content_events'

/**
 * Options of internal callers. `renameCollidingSlugs`: an explicit slug already taken among the
 * siblings gets a `-2` suffix instead of rejecting the batch (imports into non-empty spaces).
 * `onApplied`: called inside the batch's transaction once the new revision is written (a background
 * import run records its completion in the same commit; throwing rolls the batch back).
 */
export interface BatchOptions {
  renameCollidingSlugs?: boolean
  onApplied?: (trx: QueryClientContract, result: AuthoringResult) => Promise<void>
  /** How search splits the changed pages when the space's revision moves (see ContentEvents). */
  splitSections?: SectionSplitter
  /** Search's full-text entries of the changed pages are written after the batch (IndexOptions). */
  deferFullText?: boolean
}

/** Who writes a batch onto a revision, and what the new revision is. */
export interface BatchMeta extends BatchOptions {
  createdById: string
  type: RevisionTree['type']
  /** The space revision the batch's `revision`-scoped references compare against. */
  baseRevisionId: string
  /** The change request whose head the new revision is (revisions.change_request_id), if any. */
  changeRequestId: string | null
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
 * Applies authoring batches onto a revision: straight to a space here (imports; the space's current
 * revision moves), and for the change requests domain onto a change request's head (applyOnto;
 * change requests move their head themselves). One transaction per batch: a rejected change
 * writes nothing.
 */
@inject()
export default class AuthoringService {
  constructor(
    private store: ContentStore,
    private writer: RevisionWriter,
    private events: ContentEvents
  ) {}

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
      const result = await this.applyOnto(trx, base, changes, {
        ...options,
        createdById: user.id,
        baseRevisionId: base.id,
        changeRequestId: null,
      })
      await this.makeCurrent(trx, access, base, result.revision, {
        splitSections: options.splitSections,
        deferFullText: options.deferFullText,
      })
      await options.onApplied?.(trx, result)
      return result
    })
  }

  /**
   * The working copy of a revision (immutable and cached: apply a batch to it with applyOnto).
   */
  workingCopy(client: QueryClientContract, spaceId: string, revisionId: string) {
    return this.store.loadTree(client, spaceId, revisionId)
  }

  /**
   * One batch onto `base`, inside the caller's transaction: applied, written as a new revision whose
   * parent is `base`, the new file bytes stored. Whatever points at the head is the caller's to move.
   */
  async applyOnto(
    trx: QueryClientContract,
    base: RevisionTree,
    changes: ContentChange[],
    meta: BatchMeta
  ): Promise<AuthoringResult> {
    const applied = await this.applyBatch(trx, base, changes, meta)
    const written = await this.writer.write(trx, applied.working, {
      parents: [base.id],
      type: meta.type,
      createdById: meta.createdById,
      changeRequestId: meta.changeRequestId,
    })
    await this.storeBlobs(base.spaceId, applied.blobs)
    return {
      revision: written.tree,
      outcomes: applied.outcomes,
      insertedFiles: applied.insertedFiles,
      rowsWritten: written.rowsWritten,
    }
  }

  /**
   * Moves the space to `next` (which descends from `previous`) and tells the indexes what changed.
   */
  async makeCurrent(
    trx: QueryClientContract,
    access: SpaceAccess,
    previous: RevisionTree,
    next: RevisionTree,
    options: RevisionChangeOptions = {}
  ) {
    await trx
      .from('spaces')
      .where('id', access.space.id)
      .update({ revision_id: next.id, updated_at: toSqlTimestamp(new Date()) })
    await this.events.revisionBecameCurrent(
      trx,
      access.space.organizationId,
      previous,
      next,
      options
    )
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
      pathLinkPages: () => pathLinkPages(this.store, trx, base),
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
