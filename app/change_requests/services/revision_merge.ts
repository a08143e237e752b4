import { diff3Merge } from 'node-diff3'
import type { FileEntry, ReusableContentEntry, RevisionTree, TreePage } from '#content/types'
import type { PageFields, WorkingTree, WorkPage } from '#content/services/working_tree'

/**
 * Three-way merge of revision trees, by page id, against their common ancestor. No database: the
 * caller hands in the three loaded trees and a reader of documents by hash, which is only asked for
 * pages whose document changed on both sides.
 *
 * The sides are named by their role: `base` is the side whose working tree receives the result
 * (the space for a merge, the change request for an update), `incoming` is the other one. Both are
 * also known as `space` and `changeRequest`, which is what conflict markers name:
 *
 *     <<<<<<< change request
 *     (the change request's lines)
 *     =======
 *     (the space's lines)
 *     >>>>>>> space
 */
export const CONFLICT_LABELS = { changeRequest: 'change request', space: 'space' } as const
const OPEN_MARKER = `<<<<<<< ${CONFLICT_LABELS.changeRequest}`
const CLOSE_MARKER = `>>>>>>> ${CONFLICT_LABELS.space}`

/** True when a document still holds a conflict block written by a merge (its opening or closing line). */
export function hasConflictMarkers(markdown: string): boolean {
  return markdown.split('\n').some((line) => line === OPEN_MARKER || line === CLOSE_MARKER)
}

export type Side = 'space' | 'changeRequest'

export interface MergeInput {
  ancestor: RevisionTree
  space: RevisionTree
  changeRequest: RevisionTree
  /** Which side the result is applied to: `space` (merge) or `changeRequest` (update). */
  base: Side
  readDocuments(hashes: string[]): Promise<Map<string, string>>
}

export interface MergeConflict {
  pageId: string
  title: string
  path: string
  reason: string
}

/** What the result does to one page of the base side (pages it leaves alone have no decision). */
export type PageDecision =
  | {
      pageId: string
      action: 'insert'
      parentId: string | null
      fields: PageFields
      markdown?: string
    }
  | { pageId: string; action: 'update'; fields: PageFields; markdown?: string }
  | { pageId: string; action: 'move'; parentId: string | null }
  | { pageId: string; action: 'delete' }

export interface RevisionMergeResult {
  decisions: PageDecision[]
  conflicts: MergeConflict[]
  /** Documents of pages in conflict, with conflict markers (page id → markdown). */
  conflictDocuments: Map<string, string>
  /** Children order (page ids) of the parents whose order differs from the base side's. `''` = top level. */
  orders: Map<string, string[]>
  files: FileEntry[] | null
  reusableContents: ReusableContentEntry[] | null
  variables: Record<string, string> | null
}

/** Fields merged one by one; timestamps and structure are handled apart. */
const IGNORED_FIELDS = new Set(['id', 'children', 'document', 'createdAt', 'updatedAt'])
const ROOT = ''

type Trees = { a: RevisionTree; b: RevisionTree; i: RevisionTree }

const sideLabel = (side: Side) => (side === 'space' ? 'the space' : 'the change request')
const same = (x: unknown, y: unknown) => x === y || JSON.stringify(x) === JSON.stringify(y)
const parentKey = (page: TreePage | undefined) => (page ? (page.parentId ?? ROOT) : undefined)
const childIds = (tree: RevisionTree, parent: string) =>
  (parent === ROOT ? tree.pages : (tree.byId.get(parent)?.children ?? [])).map(
    (page) => page.node.id
  )

function ownFields(page: TreePage): Record<string, unknown> {
  const { children: _children, ...fields } = page.node
  return fields
}

/** Own content (metadata and document) differs: node hashes are equal only if it does not. */
function edited(before: TreePage, after: TreePage): boolean {
  if (before.hash === after.hash) return false
  const x = ownFields(before)
  const y = ownFields(after)
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (key === 'updatedAt') continue
    if (!same(x[key], y[key])) return true
  }
  return false
}

/** Touched in any way since the ancestor: edited or moved to another parent. */
function changedSince(before: TreePage, after: TreePage): boolean {
  return edited(before, after) || before.parentId !== after.parentId
}

/**
 * Line merge of a document: `ok` with the merged text, or the text with conflict blocks.
 */
export function mergeText(ancestor: string, space: string, changeRequest: string) {
  const regions = diff3Merge(changeRequest.split('\n'), ancestor.split('\n'), space.split('\n'), {
    excludeFalseConflicts: true,
  })
  const lines: string[] = []
  let conflict = false
  for (const region of regions) {
    if (region.ok) lines.push(...region.ok)
    else if (region.conflict) {
      conflict = true
      lines.push(OPEN_MARKER, ...region.conflict.a, '=======', ...region.conflict.b, CLOSE_MARKER)
    }
  }
  return { conflict, markdown: lines.join('\n') }
}

/** 3-way merge of keyed entries (files, reusable contents, variables); both changed: the change request's. */
function mergeKeyed<T>(
  a: Map<string, T>,
  space: Map<string, T>,
  changeRequest: Map<string, T>
): Map<string, T> {
  const result = new Map<string, T>()
  for (const key of new Set([...space.keys(), ...changeRequest.keys(), ...a.keys()])) {
    const av = a.get(key)
    const sv = space.get(key)
    const cv = changeRequest.get(key)
    const value = same(sv, cv) ? sv : same(av, sv) ? cv : same(av, cv) ? sv : cv
    if (value !== undefined) result.set(key, value)
  }
  return result
}

/**
 * Merges the three trees. Work is in memory over the loaded trees (map lookups and hash
 * comparisons per page id); documents are read only for pages both sides changed.
 */
export async function mergeRevisions(input: MergeInput): Promise<RevisionMergeResult> {
  const incomingSide: Side = input.base === 'space' ? 'changeRequest' : 'space'
  const t: Trees = {
    a: input.ancestor,
    b: input.base === 'space' ? input.space : input.changeRequest,
    i: input.base === 'space' ? input.changeRequest : input.space,
  }
  const conflicts = new Map<string, MergeConflict>()
  const conflictDocuments = new Map<string, string>()
  const conflict = (page: TreePage, reason: string) => {
    if (!conflicts.has(page.node.id)) {
      conflicts.set(page.node.id, {
        pageId: page.node.id,
        title: page.node.title,
        path: page.path,
        reason,
      })
    }
  }

  /** Merged fields of surviving pages (only where they differ from the base side), and parents. */
  const fieldsOf = new Map<string, PageFields>()
  const markdownOf = new Map<string, string>()
  const parentOf = new Map<string, string>()
  const present = new Set<string>()
  const fromIncoming = new Set<string>()
  const deleted = new Set<string>()
  const textMerges: { id: string; page: TreePage; hashes: [string, string, string] }[] = []
  // The top level is always ordered anew (cheap; it has no node whose hash would tell).
  const parentsToOrder = new Set<string>([ROOT])

  const ids = new Set<string>([...t.b.byId.keys(), ...t.i.byId.keys(), ...t.a.byId.keys()])
  for (const id of ids) {
    const a = t.a.byId.get(id)
    const b = t.b.byId.get(id)
    const i = t.i.byId.get(id)
    if (b && i && b.hash === i.hash && b.parentId === i.parentId) {
      // Same node on both sides: nothing to merge for the page itself.
      present.add(id)
      parentOf.set(id, parentKey(b)!)
      if (a && (a.hash !== b.hash || a.parentId !== b.parentId)) parentsToOrder.add(parentKey(b)!)
      continue
    }
    if (!b && !i) {
      deleted.add(id)
      continue
    }
    if (a && (!b || !i)) {
      // Deleted on one side: deleted if the other left it alone, a conflict if it changed it.
      const kept = (b ?? i)!
      if (!changedSince(a, kept)) {
        deleted.add(id)
        if (b) parentsToOrder.add(parentKey(b)!)
        continue
      }
      conflict(
        kept,
        `deleted in ${sideLabel(b ? incomingSide : input.base)} but edited in ${sideLabel(b ? input.base : incomingSide)}`
      )
      // Resolution when applied anyway (update): the edited page stays.
      present.add(id)
      parentOf.set(id, parentKey(kept)!)
      if (!b) {
        fromIncoming.add(id)
        fieldsOf.set(id, ownFields(kept) as PageFields)
      }
      parentsToOrder.add(parentKey(kept)!)
      continue
    }
    if (!a) {
      // Added: on one side, or (same id, an unlikely case) on both with different content.
      present.add(id)
      const added = (b ?? i)!
      parentOf.set(id, parentKey(added)!)
      parentsToOrder.add(parentKey(added)!)
      if (!b) {
        fromIncoming.add(id)
        fieldsOf.set(id, ownFields(added) as PageFields)
        continue
      }
      if (!i) continue
    }
    // On both sides (and perhaps in the ancestor): metadata per field, document by lines, parent.
    present.add(id)
    const base = b!
    const incoming = i!
    const before = a ?? base
    const fb = ownFields(base)
    const fi = ownFields(incoming)
    const fa = a ? ownFields(a) : fb
    const merged: Record<string, unknown> = { ...fb }
    let fieldsChanged = false
    const conflictingFields: string[] = []
    for (const key of new Set([...Object.keys(fb), ...Object.keys(fi), ...Object.keys(fa)])) {
      if (IGNORED_FIELDS.has(key)) continue
      if (same(fb[key], fi[key]) || same(fa[key], fi[key])) continue
      if (same(fa[key], fb[key])) {
        merged[key] = fi[key]
        fieldsChanged = true
      } else {
        conflictingFields.push(key)
      }
    }
    if (!a && !same(fb.document, fi.document)) conflictingFields.push('document')
    if (conflictingFields.length > 0) {
      conflict(base, `both sides changed its ${conflictingFields.join(', ')}`)
    }
    const docA = before.node.document
    const docB = base.node.document
    const docI = incoming.node.document
    if (a && docB !== docI && docA !== docI) {
      if (docA === docB) {
        merged.document = docI
        if (docI === undefined) delete merged.document
        fieldsChanged = true
      } else {
        textMerges.push({ id, page: base, hashes: [docA ?? '', docB ?? '', docI ?? ''] })
      }
    }
    if (fieldsChanged) {
      if (String(fi.updatedAt ?? '') > String(fb.updatedAt ?? '')) merged.updatedAt = fi.updatedAt
      fieldsOf.set(id, merged as unknown as PageFields)
    }
    // Parent: moved on one side only takes that move; moved apart on both is a conflict.
    const pa = parentKey(a)
    const pb = parentKey(base)!
    const pi = parentKey(incoming)!
    let parent = pb
    if (pb !== pi) {
      if (pa === pb) parent = pi
      else if (pa !== pi) conflict(base, 'both sides moved it, under different parents')
    }
    parentOf.set(id, parent)
    if (parent !== pb) {
      parentsToOrder.add(pb)
      parentsToOrder.add(parent)
    }
    if (base.hash !== (a?.hash ?? base.hash) || incoming.hash !== (a?.hash ?? incoming.hash)) {
      // Its children list, or its slug among its siblings, may have changed on either side.
      parentsToOrder.add(id)
      parentsToOrder.add(parent)
    }
  }

  // Documents changed on both sides: line merges, reading only those documents.
  if (textMerges.length > 0) {
    const texts = await input.readDocuments(
      textMerges.flatMap((merge) => merge.hashes.filter(Boolean))
    )
    for (const { id, page, hashes } of textMerges) {
      const [ancestor, base, incoming] = hashes.map((hash) => (hash ? (texts.get(hash) ?? '') : ''))
      const [space, changeRequest] = input.base === 'space' ? [base, incoming] : [incoming, base]
      const merged = mergeText(ancestor, space, changeRequest)
      if (merged.conflict) {
        conflict(page, 'both sides changed the same lines of its document')
        conflictDocuments.set(id, merged.markdown)
      }
      markdownOf.set(id, merged.markdown)
      if (!fieldsOf.has(id)) fieldsOf.set(id, ownFields(page) as PageFields)
    }
  }

  // A page kept under a parent the other side deleted: the parent stays, the page is a conflict.
  for (const id of present) {
    let child = id
    let parent = parentOf.get(id)!
    while (parent !== ROOT && !present.has(parent)) {
      const page = t.b.byId.get(child) ?? t.i.byId.get(child)!
      conflict(page, 'its parent page was deleted on the other side')
      deleted.delete(parent)
      present.add(parent)
      const restored = t.b.byId.get(parent) ?? t.i.byId.get(parent)!
      if (!t.b.byId.has(parent)) {
        fromIncoming.add(parent)
        fieldsOf.set(parent, ownFields(restored) as PageFields)
      }
      parentOf.set(parent, parentKey(restored)!)
      parentsToOrder.add(parentKey(restored)!)
      parentsToOrder.add(parent)
      child = parent
      parent = parentOf.get(parent)!
    }
  }

  // A page moved under its own descendant by two one-sided moves: the incoming move loses.
  for (const id of present) {
    const seen = new Set<string>([id])
    for (let at = parentOf.get(id); at !== undefined && at !== ROOT; at = parentOf.get(at)) {
      if (seen.has(at)) {
        const page = t.b.byId.get(id) ?? t.i.byId.get(id)!
        conflict(page, 'the moves of both sides would put it under itself')
        parentOf.set(id, parentKey(t.b.byId.get(id) ?? t.i.byId.get(id))!)
        break
      }
      seen.add(at)
    }
  }

  // Sibling order of every parent whose children may differ from the base side's.
  const childrenOf = new Map<string, string[]>()
  for (const parent of parentsToOrder)
    if (parent === ROOT || present.has(parent)) childrenOf.set(parent, [])
  for (const id of present) childrenOf.get(parentOf.get(id)!)?.push(id)
  const orders = new Map<string, string[]>()
  for (const [parent, members] of childrenOf) {
    const wanted = new Set(members)
    const listA = childIds(t.a, parent)
    const listB = childIds(t.b, parent)
    const listI = childIds(t.i, parent)
    // Keep the base side's order, unless only the incoming side reordered this parent.
    const [primary, secondary] =
      same(listA, listB) && !same(listA, listI) ? [listI, listB] : [listB, listI]
    const order = primary.filter((id) => wanted.has(id))
    const placed = new Set(order)
    let after = -1
    for (const id of secondary) {
      if (placed.has(id)) {
        after = order.indexOf(id)
        continue
      }
      if (!wanted.has(id)) continue
      order.splice(after + 1, 0, id)
      placed.add(id)
      after += 1
    }
    for (const id of members) if (!placed.has(id)) order.push(id)
    // Two siblings with one slug: the later one (from the incoming side) is the conflict.
    const slugs = new Map<string, string>()
    for (const id of order) {
      const fields = fieldsOf.get(id) ?? (t.b.byId.get(id) ?? t.i.byId.get(id))!.node
      const holder = slugs.get(fields.slug)
      if (holder !== undefined) {
        const page = t.b.byId.get(id) ?? t.i.byId.get(id)!
        const clash = t.b.byId.has(id) && !t.b.byId.has(holder) ? holder : id
        const named = t.b.byId.get(clash) ?? t.i.byId.get(clash) ?? page
        conflict(named, `its slug "${fields.slug}" collides with a sibling page`)
        if (clash === holder) slugs.set(fields.slug, id)
        renameSlug(clash, fields.slug, new Set(slugs.keys()))
      } else slugs.set(fields.slug, id)
    }
    if (!same(order, listB)) orders.set(parent, order)
  }

  function renameSlug(id: string, slug: string, taken: Set<string>) {
    let n = 2
    while (taken.has(`${slug.slice(0, 95)}-${n}`)) n++
    const fields = {
      ...(fieldsOf.get(id) ?? ((t.b.byId.get(id) ?? t.i.byId.get(id))!.node as PageFields)),
    }
    delete (fields as Record<string, unknown>).children
    fields.slug = `${slug.slice(0, 95)}-${n}`
    fieldsOf.set(id, fields)
    taken.add(fields.slug)
  }

  // Decisions against the base side, parents before children (inserts need their parent).
  const decisions: PageDecision[] = []
  const decided = new Set<string>()
  const decide = (id: string) => {
    if (decided.has(id)) return
    decided.add(id)
    const parent = parentOf.get(id)!
    if (parent !== ROOT) decide(parent)
    const inBase = t.b.byId.get(id)
    const parentId = parent === ROOT ? null : parent
    const markdown = conflictDocuments.get(id) ?? markdownOf.get(id)
    if (!inBase || fromIncoming.has(id)) {
      decisions.push({
        pageId: id,
        action: 'insert',
        parentId,
        fields: fieldsOf.get(id)!,
        ...(markdown !== undefined ? { markdown } : {}),
      })
      return
    }
    if (parentKey(inBase) !== parent) decisions.push({ pageId: id, action: 'move', parentId })
    const fields = fieldsOf.get(id)
    if (fields && (markdown !== undefined || !same(fields, ownFields(inBase)))) {
      decisions.push({
        pageId: id,
        action: 'update',
        fields,
        ...(markdown !== undefined ? { markdown } : {}),
      })
    }
  }
  for (const id of present) {
    const inBase = t.b.byId.get(id)
    if (
      !inBase ||
      fromIncoming.has(id) ||
      fieldsOf.has(id) ||
      parentKey(inBase) !== parentOf.get(id)
    )
      decide(id)
  }
  for (const id of deleted) {
    if (!t.b.byId.has(id)) continue
    // Only the topmost deleted page: its subtree goes with it.
    const parent = t.b.byId.get(id)!.parentId
    if (parent === null || !deleted.has(parent)) decisions.push({ pageId: id, action: 'delete' })
  }

  // Files, reusable contents and variables: 3-way per key.
  const [spaceTree, crTree] = input.base === 'space' ? [t.b, t.i] : [t.i, t.b]
  const byId = <T extends { id: string }>(list: T[]) =>
    new Map(list.map((entry) => [entry.id, entry]))
  const files = [...mergeKeyed(byId(t.a.files), byId(spaceTree.files), byId(crTree.files)).values()]
  const reusable = [
    ...mergeKeyed(
      byId(t.a.reusableContents),
      byId(spaceTree.reusableContents),
      byId(crTree.reusableContents)
    ).values(),
  ]
  const variables = Object.fromEntries(
    mergeKeyed(
      new Map(Object.entries(t.a.variables)),
      new Map(Object.entries(spaceTree.variables)),
      new Map(Object.entries(crTree.variables))
    )
  )

  return {
    decisions,
    conflicts: [...conflicts.values()],
    conflictDocuments,
    orders,
    files: same(files, t.b.files) ? null : files,
    reusableContents: same(reusable, t.b.reusableContents) ? null : reusable,
    variables: same(variables, t.b.variables) ? null : variables,
  }
}

/**
 * Applies a merge result to a working tree of the base side. Conflicting pages get their
 * resolution (the base side's metadata, the edited page kept, the document with markers). Only
 * the pages decided upon (and their ancestors) are marked touched.
 */
export function applyMerge(working: WorkingTree, result: RevisionMergeResult) {
  const parentPage = (parentId: string | null): WorkPage | null =>
    parentId === null ? null : working.get(parentId)!
  for (const decision of result.decisions) {
    if (decision.action === 'insert') {
      working.insert(
        { ...decision.fields },
        parentPage(decision.parentId),
        undefined,
        decision.markdown
      )
    } else if (decision.action === 'move') {
      working.move(working.get(decision.pageId)!, parentPage(decision.parentId), undefined)
    } else if (decision.action === 'update') {
      const page = working.get(decision.pageId)!
      const cleared = Object.fromEntries(Object.keys(page.fields).map((key) => [key, undefined]))
      working.update(page, { ...cleared, ...decision.fields }, decision.markdown)
    }
  }
  for (const decision of result.decisions) {
    if (decision.action === 'delete') {
      const page = working.get(decision.pageId)
      if (page) working.remove(page)
    }
  }
  for (const [parentId, order] of result.orders) {
    const parent = parentId === ROOT ? null : working.get(parentId)
    if (parent === undefined) continue
    const siblings = working.siblingsOf(parent)
    const pages = order
      .map((id) => working.get(id))
      .filter((page): page is WorkPage => page !== undefined)
    if (
      same(
        pages.map((page) => page.fields.id),
        siblings.map((page) => page.fields.id)
      )
    )
      continue
    siblings.splice(0, siblings.length, ...pages)
    working.touch(parent)
  }
  if (result.files) {
    working.files = result.files
    working.filesChanged = true
    working.rootChanged = true
  }
  if (result.reusableContents) {
    working.reusableContents = result.reusableContents
    working.rootChanged = true
  }
  if (result.variables) {
    working.variables = result.variables
    working.rootChanged = true
  }
}
