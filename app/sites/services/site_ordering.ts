import { BadRequestException } from '#core/exceptions/api_exceptions'

/** One entry of an ordered list of siblings (site spaces of a parent, or the structure's top level). */
export type Sibling = { type: string; id: string }

/** Where to put an item: before or after a sibling, or (neither given) at the end. */
export type SiblingPosition = { before?: Sibling; after?: Sibling }

/**
 * The siblings in their new order once `item` moves before or after `anchor` (or to the end). The
 * anchor must be one of the item's siblings: a position elsewhere is a 400 naming it.
 */
export function reorder(siblings: Sibling[], item: Sibling, position: SiblingPosition): Sibling[] {
  const same = (a: Sibling, b: Sibling) => a.type === b.type && a.id === b.id
  const rest = siblings.filter((sibling) => !same(sibling, item))
  const anchor = position.before ?? position.after
  if (!anchor) return [...rest, item]
  if (same(anchor, item)) {
    throw BadRequestException.invalid({
      field: 'position',
      message: 'An item cannot be placed relative to itself',
      rule: 'anchor',
    })
  }
  const index = rest.findIndex((sibling) => same(sibling, anchor))
  if (index === -1) {
    throw BadRequestException.invalid({
      field: 'position',
      message: `The ${anchor.type} "${anchor.id.slice(0, 64)}" is not a sibling of the item moved`,
      rule: 'sibling',
    })
  }
  const at = position.before ? index : index + 1
  return [...rest.slice(0, at), item, ...rest.slice(at)]
}

/**
 * A pointer of a move body: GitBook names the sibling `id`, or `siteSection` / `siteSpace` in the
 * deprecated moves.
 */
type Pointer = { type: string; id?: string; siteSection?: string; siteSpace?: string }

/**
 * The position of a move body as siblings: `before` or `after`, never both; neither is the end.
 */
export function siblingPosition(position?: { before?: Pointer; after?: Pointer }): SiblingPosition {
  if (position?.before && position?.after) {
    throw BadRequestException.invalid({
      field: 'position',
      message: 'The position must name one of before or after, not both',
      rule: 'oneOf',
    })
  }
  const sibling = (pointer?: Pointer) =>
    pointer && { type: pointer.type, id: (pointer.id ?? pointer.siteSection ?? pointer.siteSpace)! }
  return { before: sibling(position?.before), after: sibling(position?.after) }
}
