import { test } from '@japa/runner'
import type { FileEntry, PageNode, RevisionTree, TreePage } from '#content/types'
import { makeObject } from '#content/services/content_store'
import { WorkingTree, type WorkPage } from '#content/services/working_tree'
import {
  applyMerge,
  hasConflictMarkers,
  mergeRevisions,
  mergeText,
  type Side,
} from '#change_requests/services/revision_merge'

/** A page as the tests write it: id, optional metadata, markdown, children. */
type Spec = {
  id: string
  title?: string
  slug?: string
  emoji?: string
  md?: string
  children?: Spec[]
}

const documents = new Map<string, string>()
const T0 = '2026-01-01T00:00:00.000Z'

function tree(
  id: string,
  specs: Spec[],
  files: FileEntry[] = [],
  variables: Record<string, string> = {}
): RevisionTree {
  const byId = new Map<string, TreePage>()
  const build = (spec: Spec, parent: TreePage | null): TreePage => {
    const node: PageNode = {
      id: spec.id,
      type: 'document',
      title: spec.title ?? spec.id,
      slug: spec.slug ?? spec.id,
      createdAt: T0,
      updatedAt: T0,
      children: [],
      ...(spec.emoji ? { emoji: spec.emoji } : {}),
    }
    const markdown = spec.md ?? `${spec.id} body`
    const document = makeObject('document', markdown)
    documents.set(document.hash, markdown)
    node.document = document.hash
    const page: TreePage = {
      node,
      hash: '',
      path: parent ? `${parent.path}/${node.slug}` : node.slug,
      parentId: parent ? parent.node.id : null,
      children: [],
    }
    page.children = (spec.children ?? []).map((child) => build(child, page))
    node.children = page.children.map((child) => child.hash)
    page.hash = makeObject('page', node).hash
    byId.set(spec.id, page)
    return page
  }
  const pages = specs.map((spec) => build(spec, null))
  return {
    id,
    spaceId: 'space',
    parents: [],
    type: 'edits',
    createdAt: T0,
    pages,
    byId,
    files,
    filesHash: null,
    reusableContents: [],
    variables,
  }
}

let reads: string[] = []
async function merge(
  ancestor: RevisionTree,
  space: RevisionTree,
  changeRequest: RevisionTree,
  base: Side = 'space'
) {
  reads = []
  const result = await mergeRevisions({
    ancestor,
    space,
    changeRequest,
    base,
    readDocuments: async (hashes) => {
      reads.push(...hashes)
      return new Map(hashes.map((hash) => [hash, documents.get(hash)!]))
    },
  })
  const working = new WorkingTree(base === 'space' ? space : changeRequest)
  applyMerge(working, result)
  return { result, working }
}

/** `a(b,c),d`: the page tree as ids. */
function outline(pages: WorkPage[]): string {
  return pages
    .map((page) =>
      page.children.length ? `${page.fields.id}(${outline(page.children)})` : page.fields.id
    )
    .join(',')
}

function text(working: WorkingTree, id: string) {
  const page = working.get(id)!
  return page.markdown ?? documents.get(page.fields.document!)
}

const lines = (...values: string[]) => values.join('\n')
const ten = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9', 'l10']

test.group('Three-way merge of revision trees', () => {
  test('a page changed on one side only takes that side, without reading documents', async ({
    assert,
  }) => {
    const a = tree('A', [{ id: 'p1' }, { id: 'p2' }])
    const o = tree('O', [{ id: 'p1', md: 'space edit' }, { id: 'p2' }])
    const t = tree('T', [{ id: 'p1' }, { id: 'p2', title: 'Renamed', md: 'cr edit' }])
    const { result, working } = await merge(a, o, t)
    assert.lengthOf(result.conflicts, 0)
    assert.lengthOf(reads, 0)
    assert.equal(text(working, 'p1'), 'space edit')
    assert.equal(text(working, 'p2'), 'cr edit')
    assert.equal(working.get('p2')!.fields.title, 'Renamed')
    // Only p2 is rewritten: p1 is the space's page as it was.
    assert.isFalse(working.get('p1')!.touched)
    assert.deepEqual(
      result.decisions.map((decision) => [decision.pageId, decision.action]),
      [['p2', 'update']]
    )
  })

  test('both sides changing different lines of one page merge cleanly; the same line conflicts', async ({
    assert,
  }) => {
    const a = tree('A', [{ id: 'p', md: lines(...ten) }])
    const o = tree('O', [
      { id: 'p', md: lines(...ten.map((line) => (line === 'l2' ? 'space 2' : line))) },
    ])
    const t = tree('T', [
      { id: 'p', md: lines(...ten.map((line) => (line === 'l8' ? 'cr 8' : line))) },
    ])
    const clean = await merge(a, o, t)
    assert.lengthOf(clean.result.conflicts, 0)
    assert.equal(
      text(clean.working, 'p'),
      lines(...ten.map((l) => (l === 'l2' ? 'space 2' : l === 'l8' ? 'cr 8' : l)))
    )
    assert.lengthOf(reads, 3)

    const t2 = tree('T2', [
      { id: 'p', md: lines(...ten.map((line) => (line === 'l2' ? 'cr 2' : line))) },
    ])
    const clash = await merge(a, o, t2)
    assert.lengthOf(clash.result.conflicts, 1)
    assert.equal(clash.result.conflicts[0].pageId, 'p')
    assert.match(clash.result.conflicts[0].reason, /same lines/)
    const marked = clash.result.conflictDocuments.get('p')!
    assert.include(
      marked,
      lines('l1', '<<<<<<< change request', 'cr 2', '=======', 'space 2', '>>>>>>> space', 'l3')
    )
    assert.isTrue(hasConflictMarkers(marked))
    assert.isFalse(hasConflictMarkers(lines(...ten)))
  })

  test('the same change on both sides is no conflict', async ({ assert }) => {
    const a = tree('A', [{ id: 'p', md: 'old' }])
    const o = tree('O', [{ id: 'p', md: 'new' }])
    const t = tree('T', [{ id: 'p', md: 'new' }])
    const { result } = await merge(a, o, t)
    assert.lengthOf(result.conflicts, 0)
    assert.lengthOf(result.decisions, 0)
    assert.isFalse(mergeText('a\nb', 'a\nc', 'a\nc').conflict)
  })

  test('metadata merges per field; the same field changed differently conflicts', async ({
    assert,
  }) => {
    const a = tree('A', [{ id: 'p' }])
    const o = tree('O', [{ id: 'p', title: 'Space title' }])
    const t = tree('T', [{ id: 'p', emoji: '1f600' }])
    const clean = await merge(a, o, t)
    assert.lengthOf(clean.result.conflicts, 0)
    assert.equal(clean.working.get('p')!.fields.title, 'Space title')
    assert.equal(clean.working.get('p')!.fields.emoji, '1f600')

    const t2 = tree('T2', [{ id: 'p', title: 'CR title' }])
    const clash = await merge(a, o, t2)
    assert.lengthOf(clash.result.conflicts, 1)
    assert.match(clash.result.conflicts[0].reason, /title/)
  })

  test('deleted on one side: gone if the other left it, a conflict if it edited it', async ({
    assert,
  }) => {
    const a = tree('A', [{ id: 'p1' }, { id: 'p2' }])
    const o = tree('O', [{ id: 'p2' }])
    const t = tree('T', [{ id: 'p1' }, { id: 'p2' }])
    const clean = await merge(a, o, t)
    assert.lengthOf(clean.result.conflicts, 0)
    assert.equal(outline(clean.working.roots), 'p2')
    const cleanOtherWay = await merge(a, t, o)
    assert.equal(outline(cleanOtherWay.working.roots), 'p2')

    const edited = tree('T2', [{ id: 'p1', md: 'edited' }, { id: 'p2' }])
    const clash = await merge(a, o, edited)
    assert.lengthOf(clash.result.conflicts, 1)
    assert.equal(clash.result.conflicts[0].pageId, 'p1')
    assert.match(
      clash.result.conflicts[0].reason,
      /deleted in the space but edited in the change request/
    )
    // An update keeps the edited page in the change request.
    const update = await merge(a, o, edited, 'changeRequest')
    assert.equal(outline(update.working.roots), 'p1,p2')
    assert.equal(text(update.working, 'p1'), 'edited')
  })

  test('a page added under a page the other side deleted is a conflict', async ({ assert }) => {
    const a = tree('A', [{ id: 'p1' }, { id: 'p2' }])
    const o = tree('O', [{ id: 'p2' }])
    const t = tree('T', [{ id: 'p1', children: [{ id: 'new' }] }, { id: 'p2' }])
    const { result } = await merge(a, o, t)
    assert.deepEqual(
      result.conflicts.map((c) => c.pageId),
      ['new']
    )
    assert.match(result.conflicts[0].reason, /parent page was deleted/)
    const update = await merge(a, o, t, 'changeRequest')
    assert.equal(outline(update.working.roots), 'p1(new),p2')
  })

  test('moves: one side takes the move, different parents on both sides conflict', async ({
    assert,
  }) => {
    const a = tree('A', [{ id: 'g1' }, { id: 'g2' }, { id: 'x' }])
    const o = tree('O', [{ id: 'g1', md: 'g1 edited' }, { id: 'g2' }, { id: 'x' }])
    const t = tree('T', [{ id: 'g1', children: [{ id: 'x' }] }, { id: 'g2' }])
    const moved = await merge(a, o, t)
    assert.lengthOf(moved.result.conflicts, 0)
    assert.equal(outline(moved.working.roots), 'g1(x),g2')
    assert.equal(text(moved.working, 'g1'), 'g1 edited')

    const o2 = tree('O2', [{ id: 'g1' }, { id: 'g2', children: [{ id: 'x' }] }])
    const both = await merge(a, o2, t)
    assert.lengthOf(both.result.conflicts, 1)
    assert.equal(both.result.conflicts[0].pageId, 'x')
    assert.match(both.result.conflicts[0].reason, /moved/)
    // Both moved it under the same parent: no conflict.
    const same = await merge(a, t, t)
    assert.lengthOf(same.result.conflicts, 0)
  })

  test('inserts keep the space order and land after their predecessor on the change request side', async ({
    assert,
  }) => {
    const a = tree('A', [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }])
    const o = tree('O', [{ id: 's1' }, { id: 'p1' }, { id: 'p2' }, { id: 'p3' }, { id: 's2' }])
    const t = tree('T', [
      { id: 'p1' },
      { id: 'c1' },
      { id: 'c2' },
      { id: 'p2' },
      { id: 'p3' },
      { id: 'c3' },
    ])
    const { result, working } = await merge(a, o, t)
    assert.lengthOf(result.conflicts, 0)
    assert.equal(outline(working.roots), 's1,p1,c1,c2,p2,p3,c3,s2')
    // A reorder on one side only is taken.
    const reordered = tree('R', [{ id: 'p3' }, { id: 'p1' }, { id: 'p2' }])
    const moved = await merge(a, a, reordered)
    assert.equal(outline(moved.working.roots), 'p3,p1,p2')
  })

  test('two siblings ending up with one slug conflict', async ({ assert }) => {
    const a = tree('A', [{ id: 'p1' }])
    const o = tree('O', [{ id: 'p1' }, { id: 's', slug: 'guide' }])
    const t = tree('T', [{ id: 'p1' }, { id: 'c', slug: 'guide' }])
    const { result } = await merge(a, o, t)
    assert.deepEqual(
      result.conflicts.map((c) => c.pageId),
      ['c']
    )
    assert.match(result.conflicts[0].reason, /slug "guide"/)
    // An update keeps both pages, the incoming one under a free slug.
    const update = await merge(a, o, t, 'changeRequest')
    assert.equal(update.working.get('c')!.fields.slug, 'guide')
    assert.equal(update.working.get('s')!.fields.slug, 'guide-2')
  })

  test('files and variables merge by key, additions from both sides kept', async ({ assert }) => {
    const file = (id: string, name = `${id}.png`): FileEntry => ({
      id,
      name,
      contentType: 'image/png',
      size: 1,
      blob: id,
    })
    const a = tree('A', [{ id: 'p' }], [file('f1'), file('f2')], { v: '1', w: '1' })
    const o = tree('O', [{ id: 'p' }], [file('f1', 'renamed.png'), file('f2'), file('fo')], {
      v: '2',
      w: '1',
    })
    const t = tree('T', [{ id: 'p' }], [file('f1'), file('ft')], { v: '1', w: '3' })
    const { result, working } = await merge(a, o, t)
    assert.lengthOf(result.conflicts, 0)
    assert.sameMembers(
      working.files.map((entry) => `${entry.id}:${entry.name}`),
      ['f1:renamed.png', 'fo:fo.png', 'ft:ft.png']
    )
    assert.isTrue(working.filesChanged)
    assert.deepEqual(working.variables, { v: '2', w: '3' })
  })

  test('a nested edit touches only that page and its ancestors', async ({ assert }) => {
    const specs = (leaf: string): Spec[] => [
      {
        id: 'root',
        children: [{ id: 'mid', children: [{ id: 'leaf', md: leaf }, { id: 'other' }] }],
      },
      { id: 'side', children: [{ id: 'deep' }] },
    ]
    const a = tree('A', specs('x'))
    const t = tree('T', specs('y'))
    const { working } = await merge(a, a, t)
    const touched = [...working.walk()].filter((page) => page.touched).map((page) => page.fields.id)
    assert.deepEqual(touched, ['root', 'mid', 'leaf'])
    assert.equal(text(working, 'leaf'), 'y')
  })
})
