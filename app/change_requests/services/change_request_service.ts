import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { newId, isWellFormedId } from '#core/ids'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { paginate, type ListQuery } from '#core/http/pagination'
import type { SpaceAccess } from '#spaces/records'
import SpaceAccessService from '#spaces/services/space_access_service'
import ContentStore from '#content/services/content_store'
import type { RevisionTree } from '#content/types'
import {
  CHANGE_REQUEST_COLUMNS,
  changeRequestFromRow,
  conflictPagesIn,
  type ChangeRequestRecord,
  type ChangeRequestStatus,
} from '#change_requests/records'
import { hasConflictMarkers } from '#change_requests/services/revision_merge'

export interface CreateChangeRequestInput {
  subject?: string
  agentTaskId?: string
}

export interface UpdateChangeRequestInput {
  subject?: string
  status?: ChangeRequestStatus
}

/**
 * The status moves a PATCH may make. Nothing leaves `merged`, and only merging enters it.
 */
const STATUS_MOVES: Record<ChangeRequestStatus, ChangeRequestStatus[]> = {
  draft: ['open', 'archived'],
  open: ['draft', 'archived'],
  archived: ['open', 'draft'],
  merged: [],
}

function assertStatusMove(from: ChangeRequestStatus, to: ChangeRequestStatus) {
  if (STATUS_MOVES[from].includes(to)) return
  const allowed = STATUS_MOVES[from]
  const message =
    from === 'merged'
      ? 'A merged change request keeps its status: it cannot move from merged'
      : `${to === 'merged' ? 'A change request becomes merged only by merging it (POST .../merge); it' : 'It'} can move from ${from} to ${allowed.join(' or ')}`
  throw BadRequestException.invalid({ field: 'status', message, rule: 'statusMove' })
}

/** A change request with the caller's access to its space. */
export interface CallerChangeRequest {
  access: SpaceAccess
  changeRequest: ChangeRequestRecord
}

export interface ListChangeRequestsInput extends ListQuery {
  status?: ChangeRequestStatus
  contributor?: string
  creator?: string
}

/**
 * Change requests are branches of a space's content: created from the space's current revision,
 * numbered per space, authored through the content domain.
 */
export default class ChangeRequestService {
  private store = new ContentStore()
  private spaces = new SpaceAccessService()

  async create(
    user: User,
    access: SpaceAccess,
    input: CreateChangeRequestInput
  ): Promise<ChangeRequestRecord> {
    const id = await db.transaction(async (trx) => {
      // Locking the space row serializes numbering (and reads its current revision consistently).
      const space = await trx
        .from('spaces')
        .where('id', access.space.id)
        .forUpdate()
        .select('revision_id')
        .first()
      const last = await trx
        .from('change_requests')
        .where('space_id', access.space.id)
        .max('number as n')
        .first()
      const now = toSqlTimestamp(new Date())
      const changeRequestId = newId()
      await trx.table('change_requests').insert({
        id: changeRequestId,
        space_id: access.space.id,
        number: Number(last?.n ?? 0) + 1,
        status: 'draft',
        subject: input.subject ?? null,
        agent_task_id: input.agentTaskId ?? null,
        created_by_id: user.id,
        revision_id: space.revision_id,
        revision_initial_id: space.revision_id,
        created_at: now,
        updated_at: now,
      })
      await this.addContributor(trx, changeRequestId, user.id)
      return changeRequestId
    })
    return this.find(db.connection(), access.space.id, id)
  }

  /**
   * The change request (id or number) of a space the caller may see. The space is checked first:
   * an unknown or foreign space is the space's 404, whatever the change request.
   */
  async forCaller(
    userId: string,
    spaceId: string,
    idOrNumber: string
  ): Promise<CallerChangeRequest> {
    const access = await this.spaces.spaceFor(userId, spaceId)
    const changeRequest = await this.find(db.connection(), access.space.id, idOrNumber)
    return { access, changeRequest }
  }

  /**
   * The change request of the space named by id or by number; 404 otherwise.
   */
  async find(
    client: QueryClientContract,
    spaceId: string,
    idOrNumber: string,
    options: { lock?: boolean } = {}
  ): Promise<ChangeRequestRecord> {
    const byNumber = /^[1-9][0-9]{0,9}$/.test(idOrNumber)
    if (!byNumber && !isWellFormedId(idOrNumber))
      throw NotFoundException.resource('change request', idOrNumber)
    const key = byNumber
      ? { column: 'number', value: Number(idOrNumber) }
      : { column: 'id', value: idOrNumber }
    if (options.lock) {
      // Locks the change request row alone: a FOR UPDATE over the joined read would also lock its
      // creator's and merger's user rows (MySQL), serializing unrelated batches of the same people.
      await client
        .from('change_requests')
        .where('space_id', spaceId)
        .where(key.column, key.value)
        .forUpdate()
        .select('id')
        .first()
    }
    const row = await this.baseQuery(client)
      .where('cr.space_id', spaceId)
      .where(`cr.${key.column}`, key.value)
      .first()
    if (!row) throw NotFoundException.resource('change request', idOrNumber)
    const [changeRequest] = await this.withConflicts(client, [changeRequestFromRow(row)])
    return changeRequest
  }

  /**
   * Takes the row lock of a change request read earlier in the request and re-reads what may have
   * moved since (a batch, update or PATCH that committed meanwhile): its status, head, base and
   * listed conflicts. The rest of the record (subject, creator, counts) stays as first read.
   */
  async lockCurrent(
    trx: QueryClientContract,
    changeRequest: ChangeRequestRecord
  ): Promise<ChangeRequestRecord> {
    const row = await trx
      .from('change_requests')
      .where('id', changeRequest.id)
      .forUpdate()
      .select('status', 'revision_id', 'revision_merged_ancestor_id', 'conflicts')
      .first()
    if (!row) throw NotFoundException.resource('change request', changeRequest.id)
    return {
      ...changeRequest,
      status: row.status,
      revisionId: row.revision_id,
      revisionMergedAncestorId: row.revision_merged_ancestor_id,
      conflictPageIds: parseJson<string[]>(row.conflicts) ?? [],
    }
  }

  /**
   * The record after `advance` wrote it, without reading the row again: the new head, its listed
   * conflicts resolved in the head's tree, the time it was written.
   */
  advanced(
    changeRequest: ChangeRequestRecord,
    head: RevisionTree,
    moves: { updatedAt: string; conflictPageIds?: string[] }
  ): ChangeRequestRecord {
    const conflictPageIds = moves.conflictPageIds ?? changeRequest.conflictPageIds
    return {
      ...changeRequest,
      revisionId: head.id,
      conflictPageIds,
      conflicts: conflictPagesIn(head, conflictPageIds),
      updatedAt: fromSqlTimestamp(moves.updatedAt)!,
    }
  }

  /**
   * PATCH: subject and status, under the change request's row lock. Allowed moves are STATUS_MOVES;
   * the same status again changes nothing.
   */
  async update(access: SpaceAccess, idOrNumber: string, input: UpdateChangeRequestInput) {
    const spaceId = access.space.id
    const id = await db.transaction(async (trx) => {
      const changeRequest = await this.find(trx, spaceId, idOrNumber, { lock: true })
      const changes: Record<string, unknown> = {}
      if (input.status !== undefined && input.status !== changeRequest.status) {
        assertStatusMove(changeRequest.status, input.status)
        changes.status = input.status
      }
      if (input.subject !== undefined && input.subject !== (changeRequest.subject ?? ''))
        changes.subject = input.subject
      if (Object.keys(changes).length > 0) {
        await trx
          .from('change_requests')
          .where('id', changeRequest.id)
          .update({ ...changes, updated_at: toSqlTimestamp(new Date()) })
      }
      return changeRequest.id
    })
    return this.find(db.connection(), spaceId, id)
  }

  /**
   * The pages of `tree` among `pageIds` whose documents still hold the conflict markers an update
   * wrote (pages without a document hold none).
   */
  async pagesWithMarkers(
    client: QueryClientContract,
    tree: RevisionTree,
    pageIds: string[]
  ): Promise<Set<string>> {
    const documents = new Map(
      pageIds.flatMap((id) => {
        const document = tree.byId.get(id)?.node.document
        return document ? [[id, document] as const] : []
      })
    )
    if (documents.size === 0) return new Set()
    const texts = await this.store.readDocuments(client, tree.spaceId, [...documents.values()])
    return new Set(
      [...documents]
        .filter(([, hash]) => hasConflictMarkers(texts.get(hash) ?? ''))
        .map(([id]) => id)
    )
  }

  /** Titles and paths of the conflicting pages, from each change request's head (cached trees). */
  private async withConflicts(client: QueryClientContract, records: ChangeRequestRecord[]) {
    for (const record of records) {
      if (record.conflictPageIds.length === 0) continue
      const head = await this.store.loadTree(client, record.spaceId, record.revisionId)
      record.conflicts = conflictPagesIn(head, record.conflictPageIds)
    }
    return records
  }

  async list(spaceId: string, input: ListChangeRequestsInput) {
    const query = this.baseQuery(db.connection())
      .where('cr.space_id', spaceId)
      .where('cr.status', input.status ?? 'open')
      .if(input.creator, (q) => q.where('cr.created_by_id', input.creator!))
      .if(input.contributor, (q) =>
        q.whereExists((sub) =>
          sub
            .from('change_request_contributors as crc')
            .whereColumn('crc.change_request_id', 'cr.id')
            .where('crc.user_id', input.contributor!)
        )
      )
    const page = await paginate(query, {
      ...input,
      order: [{ column: 'cr.number', key: 'number' }],
      direction: 'desc',
    })
    const items = await this.withConflicts(db.connection(), page.rows.map(changeRequestFromRow))
    return { items, count: page.count, next: page.next }
  }

  /**
   * Moves the head of a change request to a new revision written by `userId`. An update also moves
   * the base (`mergedAncestorId`); `conflictPageIds`, when given, replaces the listed conflicts (none:
   * the column goes back to null). One write of the row; returns the `updated_at` it wrote.
   */
  async advance(
    trx: QueryClientContract,
    changeRequest: ChangeRequestRecord,
    revisionId: string,
    userId: string,
    moves: { mergedAncestorId?: string; conflictPageIds?: string[] } = {}
  ) {
    const row: Record<string, unknown> = {
      revision_id: revisionId,
      updated_at: toSqlTimestamp(new Date()),
    }
    if (moves.mergedAncestorId !== undefined)
      row.revision_merged_ancestor_id = moves.mergedAncestorId
    if (moves.conflictPageIds !== undefined) {
      row.conflicts =
        moves.conflictPageIds.length > 0 ? JSON.stringify(moves.conflictPageIds) : null
    }
    await trx.from('change_requests').where('id', changeRequest.id).update(row)
    await this.addContributor(trx, changeRequest.id, userId)
    return row.updated_at as string
  }

  private async addContributor(trx: QueryClientContract, changeRequestId: string, userId: string) {
    await trx
      .knexQuery()
      .table('change_request_contributors')
      .insert({
        change_request_id: changeRequestId,
        user_id: userId,
        created_at: toSqlTimestamp(new Date()),
      })
      .onConflict(['change_request_id', 'user_id'])
      .ignore()
  }

  private baseQuery(client: QueryClientContract) {
    return client
      .from('change_requests as cr')
      .leftJoin('users as creator', 'creator.id', 'cr.created_by_id')
      .leftJoin('users as merger', 'merger.id', 'cr.merged_by_id')
      .select(CHANGE_REQUEST_COLUMNS)
  }
}
