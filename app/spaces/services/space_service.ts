import db from '@adonisjs/lucid/services/db'
import { auditActor, auditLog, type AuditActor } from '#core/audit/audit_log'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type User from '#accounts/models/user'
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { MAX_PAGE_SIZE, paginate, type ListQuery } from '#core/http/pagination'
import { newId, isWellFormedId } from '#core/ids'
import { roleAtLeast, type Role, type RoleOrGuest } from '#core/roles'
import { toSqlTimestamp } from '#core/database/timestamps'
import Space from '#spaces/models/space'
import Revision from '#spaces/models/revision'
import {
  SPACE_COLUMNS,
  spaceFromRow,
  type EditMode,
  type SpaceAccess,
  type SpaceVisibility,
} from '#spaces/records'
import type { RoleResolver } from '#spaces/effective_role'
import SpaceAccessService from '#spaces/services/space_access_service'
import { affectedRows } from '#spaces/sql'
import OrderingService, { type Position } from '#spaces/services/ordering_service'
import { SpaceContent } from '#spaces/contracts/space_content'
import { SpaceDependents } from '#spaces/contracts/space_dependents'

/**
 * Deleted spaces stay restorable this long, then `bindery:purge` removes them.
 */
export const RETENTION_DAYS = 7

export type CreateSpaceInput = {
  title?: string
  emoji?: string
  parent?: string
  editMode?: EditMode
}
export type UpdateSpaceInput = {
  title?: string
  emoji?: string | null
  editMode?: EditMode
  defaultLevel?: RoleOrGuest
  visibility?: SpaceVisibility
  mergeRules?: { type: 'inherit' | 'none' | 'rules'; rules?: Array<{ rule: string }> }
}
export type MoveInput = { parent?: string | null; position?: Position }
export type TransferSpaceInput = { organization: string; collection?: string }

/**
 * Spaces: lists as the caller sees them, creation, settings, delete/restore, duplicate, move and
 * transfer. Reads are query-builder rows; every write that touches several rows is one transaction.
 */
@inject()
export default class SpaceService {
  constructor(
    private access: SpaceAccessService,
    private ordering: OrderingService,
    private content: SpaceContent,
    private dependents: SpaceDependents
  ) {}

  /**
   * Spaces of the organization the caller can see, in position order.
   */
  async listInOrganization(user: User, organizationId: string, query: ListQuery) {
    const membership = await this.access.membership(user.id, organizationId)
    if (!membership) throw NotFoundException.resource('organization', organizationId)
    const resolver = await this.access.resolverFor(user.id, organizationId, membership.role)
    const builder = this.visibleSpaces(organizationId, resolver)
    return this.page(builder, resolver, query)
  }

  /**
   * Spaces directly inside a collection the caller sees.
   */
  async listInCollection(
    user: User,
    organizationId: string,
    organizationRole: RoleOrGuest,
    collectionId: string,
    query: ListQuery
  ) {
    const resolver = await this.access.resolverFor(user.id, organizationId, organizationRole)
    const builder = this.visibleSpaces(organizationId, resolver).where('s.parent_id', collectionId)
    return this.page(builder, resolver, query)
  }

  /**
   * Spaces that `memberId` can access, each with their effective role, as the caller sees them.
   */
  async listForMember(
    user: User,
    organizationId: string,
    memberId: string,
    query: ListQuery & { order?: 'asc' | 'desc' }
  ) {
    const membership = await this.access.membership(user.id, organizationId)
    if (!membership) throw NotFoundException.resource('organization', organizationId)
    if (membership.role === null && memberId !== user.id) {
      throw new ForbiddenException("Guests cannot list other members' spaces")
    }
    const member = await this.access.membership(memberId, organizationId)
    if (!member || !isWellFormedId(memberId)) throw NotFoundException.resource('member', memberId)
    const [callerResolver, memberResolver] = await Promise.all([
      this.access.resolverFor(user.id, organizationId, membership.role),
      this.access.resolverFor(memberId, organizationId, member.role),
    ])
    const builder = this.visibleSpaces(organizationId, memberResolver).if(
      callerResolver.organizationRole === null,
      (q) => this.restrictTo(q, callerResolver)
    )
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      direction: query.order ?? 'desc',
      order: [
        { column: 's.position', key: 'position' },
        { column: 's.id', key: 'id' },
      ],
    })
    const items = page.rows.map((row) => {
      const space = spaceFromRow(row)
      return {
        permission: memberResolver.forSpace(space)!,
        access: {
          space,
          role: callerResolver.forSpace(space)!,
          organizationRole: callerResolver.organizationRole,
        },
      }
    })
    return { items, count: page.count, next: page.next }
  }

  async create(user: User, organizationId: string, input: CreateSpaceInput): Promise<SpaceAccess> {
    const membership = await this.access.membership(user.id, organizationId)
    if (!membership) throw NotFoundException.resource('organization', organizationId)
    const parentRole = await this.destinationRole(
      user,
      organizationId,
      membership.role,
      input.parent ?? null,
      'parent'
    )
    const spaceId = await db.transaction(async (trx) => {
      const space = await this.insertSpace(trx, {
        organizationId,
        parentId: input.parent ?? null,
        title: input.title ?? 'Untitled',
        emoji: input.emoji ?? null,
        visibility: 'private',
        editMode: input.editMode ?? 'live',
        defaultLevel: null,
        mergeRules: null,
      })
      await this.grantCreator(trx, organizationId, { space_id: space.id }, user.id, parentRole)
      return space.id
    })
    return this.access.spaceFor(user.id, spaceId)
  }

  /**
   * A new empty space at the organization's root, inside the caller's transaction (a domain above
   * creating a space along with its own records); `userId` administers it. Returns its id.
   */
  async createWithin(
    trx: TransactionClientContract,
    organizationId: string,
    userId: string,
    organizationRole: RoleOrGuest,
    title: string
  ): Promise<string> {
    const space = await this.insertSpace(trx, {
      organizationId,
      parentId: null,
      title,
      emoji: null,
      visibility: 'private',
      editMode: 'live',
      defaultLevel: null,
      mergeRules: null,
    })
    if (organizationRole) {
      await this.grantCreator(trx, organizationId, { space_id: space.id }, userId, organizationRole)
    }
    return space.id
  }

  async update(user: User, access: SpaceAccess, input: UpdateSpaceInput): Promise<SpaceAccess> {
    const current = access.space
    if (input.visibility === 'in-collection' && !current.parentId) {
      throw BadRequestException.invalid({
        field: 'visibility',
        message: 'The visibility "in-collection" is only available for spaces inside a collection',
        rule: 'inCollection',
      })
    }
    await db.transaction(async (trx) => {
      const space = await Space.findOrFail(current.id, { client: trx })
      const { mergeRules, ...fields } = input
      space.merge(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)))
      // Inheriting is stored as no rules of the space's own.
      if (mergeRules) space.mergeRules = storedMergeRules(mergeRules)
      await space.save()
    })
    return this.access.spaceFor(user.id, current.id)
  }

  /**
   * Soft delete: hidden from every list and lookup except restore, purged after RETENTION_DAYS.
   */
  async delete(access: SpaceAccess, actor: AuditActor = null): Promise<void> {
    await db.transaction(async (trx) => {
      const deleted = await trx
        .from('spaces')
        .where('id', access.space.id)
        .whereNull('deleted_at')
        .update({ deleted_at: toSqlTimestamp(now()), updated_at: toSqlTimestamp(now()) })
      await this.dependents.spacesLeft(trx, [access.space.id])
      if (Number(deleted) > 0) {
        await auditLog.record(
          {
            organizationId: access.space.organizationId,
            action: 'space.deleted',
            actor,
            target: { type: 'space', id: access.space.id, label: access.space.title },
          },
          trx
        )
      }
    })
  }

  /**
   * Deleted spaces of the organization that can still be restored (deleted less than RETENTION_DAYS
   * ago) and that the caller would see, each with the caller's role on it, most recently deleted
   * first (at most MAX_PAGE_SIZE).
   */
  async listRestorable(user: User, organizationId: string): Promise<SpaceAccess[]> {
    const membership = await this.access.membership(user.id, organizationId)
    if (!membership) throw NotFoundException.resource('organization', organizationId)
    const resolver = await this.access.resolverFor(user.id, organizationId, membership.role)
    const rows = await db
      .from('spaces as s')
      .where('s.organization_id', organizationId)
      .whereNotNull('s.deleted_at')
      .where('s.deleted_at', '>', toSqlTimestamp(retentionCutoff()))
      .select(SPACE_COLUMNS)
      .orderBy('s.deleted_at', 'desc')
      .orderBy('s.id', 'asc')
      .limit(MAX_PAGE_SIZE)
    return rows.flatMap((row) => {
      const space = spaceFromRow(row)
      const role = resolver.forSpace(space)
      return role ? [{ space, role, organizationRole: resolver.organizationRole }] : []
    })
  }

  /**
   * A space deleted less than RETENTION_DAYS ago comes back at the end of its parent (or of the
   * root, when its collection was deleted meanwhile); an older one is purged now and not found.
   */
  async restore(user: User, access: SpaceAccess): Promise<SpaceAccess> {
    if (access.space.deletedAt! <= retentionCutoff()) {
      await this.purge([access.space.id])
      throw NotFoundException.resource('space', access.space.id)
    }
    await db.transaction(async (trx) => {
      const space = await Space.findOrFail(access.space.id, { client: trx })
      space.position = await this.ordering.nextPosition(trx, space.organizationId, space.parentId)
      space.deletedAt = null
      await space.save()
    })
    return this.access.spaceFor(user.id, access.space.id)
  }

  /**
   * A new space with the same settings and grants, at the end of the same parent, with a copy of
   * the current content (an empty revision until content exists).
   */
  async duplicate(user: User, access: SpaceAccess): Promise<SpaceAccess> {
    const source = access.space
    const parentRole = await this.destinationRole(
      user,
      source.organizationId,
      access.organizationRole,
      source.parentId,
      'parent'
    )
    const spaceId = await db.transaction(async (trx) => {
      const copy = await this.insertSpace(trx, {
        organizationId: source.organizationId,
        parentId: source.parentId,
        title: source.title,
        emoji: source.emoji,
        visibility: source.visibility,
        editMode: source.editMode,
        defaultLevel: source.defaultLevel,
        mergeRules: storedMergeRules(source.mergeRules ?? { type: 'inherit' }),
      })
      const grants = await trx
        .from('content_grants')
        .where('space_id', source.id)
        .select('organization_id', 'user_id', 'team_id', 'role')
      if (grants.length > 0) {
        await trx.table('content_grants').multiInsert(
          grants.map((grant) => ({
            ...grant,
            space_id: copy.id,
            created_at: toSqlTimestamp(now()),
          }))
        )
      }
      await this.grantCreator(
        trx,
        source.organizationId,
        { space_id: copy.id },
        user.id,
        parentRole
      )
      await this.content.copyRevision(
        trx,
        { spaceId: source.id, revisionId: source.revisionId },
        { spaceId: copy.id, revisionId: copy.revisionId, organizationId: copy.organizationId }
      )
      return copy.id
    })
    return this.access.spaceFor(user.id, spaceId)
  }

  async move(user: User, access: SpaceAccess, input: MoveInput): Promise<SpaceAccess> {
    const space = access.space
    const parentId = input.parent === undefined ? space.parentId : input.parent
    if (parentId === space.parentId && !input.position) {
      throw new ConflictException(
        'The space is already in this collection; give a position to reorder it'
      )
    }
    if (parentId !== space.parentId) {
      await this.destinationRole(
        user,
        space.organizationId,
        access.organizationRole,
        parentId,
        'parent'
      )
    }
    await db.transaction(async (trx) => {
      const update: Record<string, unknown> = { updated_at: toSqlTimestamp(now()) }
      if (parentId !== space.parentId) {
        update.parent_id = parentId
        update.position = await this.ordering.nextPosition(trx, space.organizationId, parentId)
        if (parentId === null && space.visibility === 'in-collection') update.visibility = 'private'
      }
      await trx.from('spaces').where('id', space.id).update(update)
      if (input.position) {
        await this.ordering.place(
          trx,
          space.organizationId,
          parentId,
          { type: 'space', id: space.id },
          input.position
        )
      }
    })
    return this.access.spaceFor(user.id, space.id)
  }

  /**
   * Moves the space to another organization (the caller is admin in both), at its root or in one of
   * its collections. Grants do not travel: users and teams belong to the old organization.
   */
  async transfer(user: User, access: SpaceAccess, input: TransferSpaceInput): Promise<SpaceAccess> {
    const space = access.space
    const target = await this.access.membership(user.id, input.organization)
    if (!target) throw NotFoundException.resource('organization', input.organization)
    if (!roleAtLeast(target.role, 'admin')) {
      throw new ForbiddenException(
        'Only admins of the target organization can transfer spaces into it'
      )
    }
    if (input.organization === space.organizationId) {
      throw new ConflictException(
        'The space already belongs to this organization; use move instead'
      )
    }
    const parentId = input.collection ?? null
    if (parentId)
      await this.destinationRole(user, input.organization, target.role, parentId, 'collection')
    await db.transaction(async (trx) => {
      await trx.from('content_grants').where('space_id', space.id).delete()
      await trx
        .from('spaces')
        .where('id', space.id)
        .update({
          organization_id: input.organization,
          parent_id: parentId,
          position: await this.ordering.nextPosition(trx, input.organization, parentId),
          visibility:
            parentId === null && space.visibility === 'in-collection'
              ? 'private'
              : space.visibility,
          updated_at: toSqlTimestamp(now()),
        })
      await this.content.spacesMoved(trx, [space.id], input.organization)
      await this.dependents.spacesLeft(trx, [space.id])
      // Both organizations' logs: one lost the space, the other gained it.
      const transfer = { from: space.organizationId, to: input.organization }
      await auditLog.recordMany(
        [space.organizationId, input.organization].map((organizationId) => ({
          organizationId,
          action: 'space.transferred' as const,
          actor: auditActor(user),
          target: { type: 'space', id: space.id, label: space.title },
          payload: transfer,
        })),
        trx
      )
    })
    return this.access.spaceFor(user.id, space.id)
  }

  /**
   * Removes for good those of `spaceIds` that are still deleted and past the retention window, with
   * everything they own (grants and revisions; tables of later domains cascade from spaces). Returns
   * how many were removed. A space restored meanwhile, or not yet expired, is left alone.
   */
  async purge(spaceIds: string[]): Promise<number> {
    if (spaceIds.length === 0) return 0
    const removed = await db.transaction(async (trx) => {
      const expired = await trx
        .from('spaces')
        .whereIn('id', spaceIds)
        .whereNotNull('deleted_at')
        .where('deleted_at', '<=', toSqlTimestamp(retentionCutoff()))
        .select('id')
      const ids = expired.map((row) => row.id as string)
      if (ids.length === 0) return { count: 0, ids }
      await trx.from('content_grants').whereIn('space_id', ids).delete()
      await trx.from('revisions').whereIn('space_id', ids).delete()
      const count = affectedRows(
        await trx.from('spaces').whereIn('id', ids).whereNotNull('deleted_at').delete()
      )
      return { count, ids }
    })
    await this.content.spacesPurged(removed.ids)
    return removed.count
  }

  /**
   * Purges every space deleted more than RETENTION_DAYS ago, in batches. Safe to run from several
   * processes at once: each delete only removes what is still there.
   */
  async purgeExpired(): Promise<number> {
    let total = 0
    for (;;) {
      const rows = await db
        .from('spaces')
        .whereNotNull('deleted_at')
        .where('deleted_at', '<=', toSqlTimestamp(retentionCutoff()))
        .select('id')
        .limit(500)
      if (rows.length === 0) return total
      total += await this.purge(rows.map((row) => row.id))
      if (rows.length < 500) return total
    }
  }

  /**
   * The caller's role where new content goes: the organization root needs `create` in the
   * organization, a collection needs `create` on it; a collection of another organization (or one
   * the caller cannot see) is a 400 on `field`.
   */
  async destinationRole(
    user: User,
    organizationId: string,
    organizationRole: RoleOrGuest,
    parentId: string | null,
    field: string
  ): Promise<Role> {
    if (parentId === null) {
      if (!roleAtLeast(organizationRole, 'create')) {
        throw new ForbiddenException(
          'Creating content at the root of the organization needs the create role or above'
        )
      }
      return organizationRole!
    }
    const collection = await this.access.collectionFor(user.id, parentId).catch((error) => {
      if (error instanceof NotFoundException) return undefined
      throw error
    })
    if (!collection || collection.collection.organizationId !== organizationId)
      throw unknownCollection(field, parentId)
    if (!roleAtLeast(collection.role, 'create')) {
      throw new ForbiddenException(
        'Creating content in this collection needs the create role or above'
      )
    }
    return collection.role
  }

  private visibleSpaces(organizationId: string, resolver: RoleResolver) {
    return db
      .from('spaces as s')
      .where('s.organization_id', organizationId)
      .whereNull('s.deleted_at')
      .select(SPACE_COLUMNS)
      .if(resolver.organizationRole === null, (q) => this.restrictTo(q, resolver))
  }

  /**
   * A guest's view: spaces granted to them, or inside a collection granted to them.
   */
  private restrictTo<Q extends DatabaseQueryBuilderContract<any>>(
    builder: Q,
    resolver: RoleResolver
  ): Q {
    const collections = resolver.visibleCollectionIds()
    const spaces = resolver.grantedSpaceIds()
    return builder.where((q: DatabaseQueryBuilderContract<any>) =>
      q
        .whereIn('s.parent_id', collections.length > 0 ? collections : [''])
        .orWhereIn('s.id', spaces.length > 0 ? spaces : [''])
    )
  }

  private async page(
    builder: ReturnType<typeof db.from>,
    resolver: RoleResolver,
    query: ListQuery
  ) {
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 's.position', key: 'position' },
        { column: 's.id', key: 'id' },
      ],
    })
    const items: SpaceAccess[] = page.rows.map((row) => {
      const space = spaceFromRow(row)
      return { space, role: resolver.forSpace(space)!, organizationRole: resolver.organizationRole }
    })
    return { items, count: page.count, next: page.next }
  }

  private async insertSpace(
    trx: TransactionClientContract,
    fields: Pick<
      Space,
      | 'organizationId'
      | 'parentId'
      | 'title'
      | 'emoji'
      | 'visibility'
      | 'editMode'
      | 'defaultLevel'
      | 'mergeRules'
    >
  ) {
    const space = new Space()
    space.useTransaction(trx)
    space.merge({
      ...fields,
      id: newId(),
      revisionId: newId(),
      position: await this.ordering.nextPosition(trx, fields.organizationId, fields.parentId),
      deletedAt: null,
    })
    await space.save()
    await Revision.create(
      { id: space.revisionId, spaceId: space.id, parentId: null },
      { client: trx }
    )
    return space
  }

  /**
   * Whoever creates a space or collection administers it, even with the `create` role only: an
   * admin grant to them on the new record (nothing when they are admin there anyway).
   */
  async grantCreator(
    trx: TransactionClientContract,
    organizationId: string,
    target: { space_id: string } | { collection_id: string },
    userId: string,
    roleAtParent: Role
  ) {
    if (roleAtParent === 'admin') return
    await trx.from('content_grants').where(target).where('user_id', userId).delete()
    await trx.table('content_grants').insert({
      organization_id: organizationId,
      ...target,
      user_id: userId,
      role: 'admin',
      created_at: toSqlTimestamp(now()),
    })
  }
}

function now(): DateTime {
  return DateTime.utc()
}

export function retentionCutoff(): DateTime {
  return now().minus({ days: RETENTION_DAYS })
}

function unknownCollection(field: string, id: string) {
  return BadRequestException.invalid({
    field,
    message: `No collection with id "${id.slice(0, 64)}" in this organization`,
    rule: 'exists',
  })
}

/**
 * `spaces.merge_rules` for a validated MergeRulesSpaceConfiguration: inheriting is stored as no rules
 * of the space's own (null).
 */
function storedMergeRules(input: NonNullable<UpdateSpaceInput['mergeRules']>): string | null {
  if (input.type === 'inherit') return null
  if (input.type === 'none') return JSON.stringify({ type: 'none' })
  return JSON.stringify({ type: 'rules', rules: (input.rules ?? []).map(({ rule }) => ({ rule })) })
}
