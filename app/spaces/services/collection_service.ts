import db from '@adonisjs/lucid/services/db'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { paginate, type ListQuery } from '#core/http/pagination'
import { roleAtLeast, type RoleOrGuest } from '#core/roles'
import { toSqlTimestamp } from '#core/database/timestamps'
import Collection from '#spaces/models/collection'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  COLLECTION_COLUMNS,
  collectionFromRow,
  type CollectionAccess,
  type CollectionRecord,
} from '#spaces/records'
import { RoleResolver } from '#spaces/effective_role'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService, { type MoveInput } from '#spaces/services/space_service'
import { SpaceContent } from '#spaces/contracts/space_content'
import { SpaceDependents } from '#spaces/contracts/space_dependents'
import OrderingService from '#spaces/services/ordering_service'

export type CreateCollectionInput = { title?: string; parent?: string }
export type UpdateCollectionInput = {
  title?: string
  description?: string | null
  defaultLevel?: RoleOrGuest
}

/**
 * Collections: a tree of folders per organization that holds spaces. Default levels and grants on
 * a collection apply to everything below it.
 */
@inject()
export default class CollectionService {
  constructor(
    private access: SpaceAccessService,
    private spaces: SpaceService,
    private ordering: OrderingService,
    private content: SpaceContent,
    private dependents: SpaceDependents
  ) {}

  /**
   * The organization's collections the caller sees; `nested: false` keeps the root ones only.
   */
  async listInOrganization(
    user: User,
    organizationId: string,
    query: ListQuery & { nested?: boolean }
  ) {
    const membership = await this.access.membership(user.id, organizationId)
    if (!membership) throw NotFoundException.resource('organization', organizationId)
    const resolver = await this.access.resolverFor(user.id, organizationId, membership.role)
    const builder = db
      .from('collections as c')
      .where('c.organization_id', organizationId)
      .select(COLLECTION_COLUMNS)
      .if(query.nested === false, (q) => q.whereNull('c.parent_id'))
      .if(membership.role === null, (q) => {
        const visible = resolver.visibleCollectionIds()
        return q.whereIn('c.id', visible.length > 0 ? visible : [''])
      })
    const page = await paginate<Record<string, any>>(builder, {
      page: query.page,
      limit: query.limit,
      order: [
        { column: 'c.position', key: 'position' },
        { column: 'c.id', key: 'id' },
      ],
    })
    const items: CollectionAccess[] = page.rows.map((row) => {
      const collection = collectionFromRow(row)
      return {
        collection,
        role: resolver.forCollection(collection.id)!,
        organizationRole: membership.role,
      }
    })
    return { items, count: page.count, next: page.next }
  }

  async create(
    user: User,
    organizationId: string,
    input: CreateCollectionInput
  ): Promise<CollectionAccess> {
    const membership = await this.access.membership(user.id, organizationId)
    if (!membership) throw NotFoundException.resource('organization', organizationId)
    const parentId = input.parent ?? null
    const parentRole = await this.spaces.destinationRole(
      user,
      organizationId,
      membership.role,
      parentId,
      'parent'
    )
    const id = await db.transaction(async (trx) => {
      const collection = new Collection()
      collection.useTransaction(trx)
      collection.merge({
        organizationId,
        parentId,
        title: input.title ?? 'Untitled',
        description: null,
        defaultLevel: null,
        position: await this.ordering.nextPosition(trx, organizationId, parentId),
      })
      await collection.save()
      await this.spaces.grantCreator(
        trx,
        organizationId,
        { collection_id: collection.id },
        user.id,
        parentRole
      )
      return collection.id
    })
    return this.access.collectionFor(user.id, id)
  }

  async update(
    user: User,
    access: CollectionAccess,
    input: UpdateCollectionInput
  ): Promise<CollectionAccess> {
    await db.transaction(async (trx) => {
      const collection = await Collection.findOrFail(access.collection.id, { client: trx })
      collection.merge(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)))
      await collection.save()
    })
    return this.access.collectionFor(user.id, access.collection.id)
  }

  /**
   * Deletes an empty collection. One that still holds spaces or collections is a 409: delete or
   * move them first. Deleted spaces that were in it will restore to the organization's root.
   */
  async delete(access: CollectionAccess): Promise<void> {
    const id = access.collection.id
    await db.transaction(async (trx) => {
      const [child] = await trx.from('collections').where('parent_id', id).count('* as total')
      const [space] = await trx
        .from('spaces')
        .where('parent_id', id)
        .whereNull('deleted_at')
        .count('* as total')
      if (Number(child.total) > 0 || Number(space.total) > 0) {
        throw new ConflictException(
          'The collection still holds spaces or collections; move or delete them before deleting it'
        )
      }
      await trx
        .from('spaces')
        .where('parent_id', id)
        .where('visibility', 'in-collection')
        .update({ visibility: 'private' })
      await trx.from('spaces').where('parent_id', id).update({ parent_id: null })
      await trx.from('content_grants').where('collection_id', id).delete()
      await trx.from('collections').where('id', id).delete()
    })
  }

  /**
   * Moves the collection under another collection of the organization (never into itself or one of
   * its descendants) or to the root, and/or before or after a sibling.
   */
  async move(user: User, access: CollectionAccess, input: MoveInput): Promise<CollectionAccess> {
    const collection = access.collection
    const parentId = input.parent === undefined ? collection.parentId : input.parent
    if (parentId === collection.parentId && !input.position) {
      throw new ConflictException('The collection is already there; give a position to reorder it')
    }
    if (parentId !== collection.parentId) {
      await this.spaces.destinationRole(
        user,
        collection.organizationId,
        access.organizationRole,
        parentId,
        'parent'
      )
    }
    await db.transaction(async (trx) => {
      const update: Record<string, unknown> = { updated_at: toSqlTimestamp(DateTime.utc()) }
      if (parentId !== collection.parentId) {
        // Checked on the tree as this transaction reads it, right before the write.
        if (parentId !== null) await this.assertNotBelow(trx, collection, parentId)
        update.parent_id = parentId
        update.position = await this.ordering.nextPosition(trx, collection.organizationId, parentId)
      }
      await trx.from('collections').where('id', collection.id).update(update)
      if (input.position) {
        await this.ordering.place(
          trx,
          collection.organizationId,
          parentId,
          { type: 'collection', id: collection.id },
          input.position
        )
      }
    })
    return this.access.collectionFor(user.id, collection.id)
  }

  /**
   * Moves the collection, with every collection and space below it (deleted ones too), to the root
   * of another organization where the caller is admin. Grants on them are dropped: users and teams
   * belong to the old organization.
   */
  async transfer(
    user: User,
    access: CollectionAccess,
    organizationId: string
  ): Promise<CollectionAccess> {
    const collection = access.collection
    const target = await this.access.membership(user.id, organizationId)
    if (!target) throw NotFoundException.resource('organization', organizationId)
    if (!roleAtLeast(target.role, 'admin')) {
      throw new ForbiddenException(
        'Only admins of the target organization can transfer collections into it'
      )
    }
    if (organizationId === collection.organizationId) {
      throw new ConflictException(
        'The collection already belongs to this organization; use move instead'
      )
    }
    await db.transaction(async (trx) => {
      const subtree = await this.subtreeIds(trx, collection)
      const spaceRows = await trx.from('spaces').whereIn('parent_id', subtree).select('id')
      const spaceIds = spaceRows.map((r) => r.id)
      await trx.from('content_grants').whereIn('collection_id', subtree).delete()
      if (spaceIds.length > 0)
        await trx.from('content_grants').whereIn('space_id', spaceIds).delete()
      await trx
        .from('spaces')
        .whereIn('parent_id', subtree)
        .update({ organization_id: organizationId })
      await this.content.spacesMoved(trx, spaceIds, organizationId)
      await this.dependents.spacesLeft(trx, spaceIds)
      await trx
        .from('collections')
        .whereIn('id', subtree)
        .update({ organization_id: organizationId })
      await trx
        .from('collections')
        .where('id', collection.id)
        .update({
          parent_id: null,
          position: await this.ordering.nextPosition(trx, organizationId, null),
          updated_at: toSqlTimestamp(DateTime.utc()),
        })
    })
    return this.access.collectionFor(user.id, collection.id)
  }

  /**
   * The collection and every collection below it.
   */
  private async subtreeIds(trx: TransactionClientContract, collection: CollectionRecord) {
    const tree = new RoleResolver(
      await this.access.treeOf(collection.organizationId, trx),
      null,
      []
    )
    return tree.subtree(collection.id)
  }

  /**
   * A collection cannot move into itself or one of its descendants.
   */
  private async assertNotBelow(
    trx: TransactionClientContract,
    collection: CollectionRecord,
    parentId: string
  ) {
    const tree = new RoleResolver(
      await this.access.treeOf(collection.organizationId, trx),
      null,
      []
    )
    if (tree.ancestry(parentId).some((node) => node.id === collection.id)) {
      throw BadRequestException.invalid({
        field: 'parent',
        message: 'A collection cannot move into itself or one of its descendants',
        rule: 'acyclic',
      })
    }
  }
}
