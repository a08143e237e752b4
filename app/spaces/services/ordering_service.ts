import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { BadRequestException } from '#core/exceptions/api_exceptions'

export type ItemRef = { type: 'space' | 'collection'; id: string }
export type Position = { before?: ItemRef; after?: ItemRef }

type Sibling = ItemRef & { position: number }

/**
 * Order of the spaces and collections under one parent (a collection or the organization's root):
 * they share one sequence of integer positions. Appending takes the next number; placing before or
 * after a sibling renumbers that parent's children inside the caller's transaction.
 */
export default class OrderingService {
  async nextPosition(
    trx: TransactionClientContract,
    organizationId: string,
    parentId: string | null
  ) {
    const [spaces, collections] = await Promise.all([
      this.children(trx, 'spaces', organizationId, parentId).max('position as top').first(),
      this.children(trx, 'collections', organizationId, parentId).max('position as top').first(),
    ])
    return Math.max(Number(spaces?.top ?? 0), Number(collections?.top ?? 0)) + 1
  }

  /**
   * Puts `item` (already under `parentId`) before or after one of its siblings.
   */
  async place(
    trx: TransactionClientContract,
    organizationId: string,
    parentId: string | null,
    item: ItemRef,
    position: Position
  ) {
    const anchor = (position.before ?? position.after)!
    const siblings = await this.siblings(trx, organizationId, parentId)
    const rest = siblings.filter((s) => !(s.type === item.type && s.id === item.id))
    const index = rest.findIndex((s) => s.type === anchor.type && s.id === anchor.id)
    if (index === -1 || (anchor.type === item.type && anchor.id === item.id)) {
      const field = position.before ? 'position.before' : 'position.after'
      throw BadRequestException.invalid({
        field,
        message: `The ${anchor.type} "${anchor.id.slice(0, 64)}" is not another item of the destination`,
        rule: 'sibling',
      })
    }
    rest.splice(position.before ? index : index + 1, 0, { ...item, position: 0 })
    for (const [i, sibling] of rest.entries()) {
      if (sibling.position === i + 1) continue
      await trx
        .from(sibling.type === 'space' ? 'spaces' : 'collections')
        .where('id', sibling.id)
        .update({ position: i + 1 })
    }
  }

  private async siblings(
    trx: TransactionClientContract,
    organizationId: string,
    parentId: string | null
  ) {
    const [spaces, collections] = await Promise.all([
      this.children(trx, 'spaces', organizationId, parentId).select('id', 'position'),
      this.children(trx, 'collections', organizationId, parentId).select('id', 'position'),
    ])
    const all: Sibling[] = [
      ...spaces.map((row) => ({
        type: 'space' as const,
        id: row.id,
        position: Number(row.position),
      })),
      ...collections.map((row) => ({
        type: 'collection' as const,
        id: row.id,
        position: Number(row.position),
      })),
    ]
    return all.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  private children(
    trx: TransactionClientContract,
    table: 'spaces' | 'collections',
    organizationId: string,
    parentId: string | null
  ) {
    const query = trx
      .from(table)
      .where('organization_id', organizationId)
      .if(table === 'spaces', (q) => q.whereNull('deleted_at'))
    return parentId === null ? query.whereNull('parent_id') : query.where('parent_id', parentId)
  }
}
