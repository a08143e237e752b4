import { test } from '@japa/runner'
import { PageIndex } from '#content/services/page_index'
import type { TreePage } from '#content/types'

/** A page (and its subtree) with only what the index reads: ids and children. */
function page(id: string, children: TreePage[] = []): TreePage {
  const created: TreePage = {
    node: { id, type: 'document', title: id, slug: id, createdAt: '', updatedAt: '', children: [] },
    hash: `hash-${id}`,
    path: id,
    parentId: null,
    children,
  }
  return created
}

/** Every page under `roots`, by id. */
function all(roots: TreePage[]): Map<string, TreePage> {
  const pages = new Map<string, TreePage>()
  const walk = (list: TreePage[]) =>
    list.forEach((entry) => {
      pages.set(entry.node.id, entry)
      walk(entry.children)
    })
  walk(roots)
  return pages
}

test.group('PageIndex', () => {
  test('lists a tree breadth-first and finds every page', ({ assert }) => {
    const roots = [page('a', [page('a1', [page('a11')]), page('a2')]), page('b', [page('b1')])]
    const index = PageIndex.of(roots)
    assert.deepEqual([...index.keys()], ['a', 'b', 'a1', 'a2', 'b1', 'a11'])
    assert.equal(index.size, 6)
    assert.strictEqual(index.get('a11'), roots[0].children[0].children[0])
    assert.isFalse(index.has('zz'))
    assert.deepEqual(
      [...index.entries()].map(([id, entry]) => [id, entry.node.id]),
      [...index.keys()].map((id) => [id, id])
    )
  })

  test('layers of changes answer as a fresh index of the same tree, past the flattening too', ({
    assert,
  }) => {
    let roots = [page('a', [page('a1'), page('a2')]), page('b')]
    let index = PageIndex.of(roots)
    for (let revision = 1; revision <= 40; revision++) {
      // Each revision: a new page under `a`, one of the earlier ones removed, `b` replaced.
      const added = page(`n${revision}`)
      const gone = revision % 3 === 0 ? `n${revision - 2}` : undefined
      const a = roots[0]
      const newA = page('a', [...a.children.filter((c) => c.node.id !== gone), added])
      const newB = page('b')
      roots = [newA, newB]
      index = index.derive(
        roots,
        new Map([
          ['a', newA],
          ['b', newB],
          [added.node.id, added],
        ]),
        gone ? [gone] : []
      )
      const fresh = PageIndex.of(roots)
      assert.deepEqual([...index.keys()], [...fresh.keys()], `revision ${revision}`)
      assert.equal(index.size, fresh.size)
      for (const [id, entry] of all(roots)) assert.strictEqual(index.get(id), entry)
      if (gone) assert.isFalse(index.has(gone))
    }
  })

  test('a page removed and set again in one layer stays', ({ assert }) => {
    const child = page('c')
    const index = PageIndex.of([page('a', [child])])
    const again = page('c')
    const next = index.derive([page('a', [again])], new Map([['c', again]]), ['c'])
    assert.strictEqual(next.get('c'), again)
    assert.equal(next.size, 2)
    const removed = index.derive([page('a')], new Map(), ['c'])
    assert.isUndefined(removed.get('c'))
    assert.equal(removed.size, 1)
    assert.strictEqual(index.get('c'), child)
  })
})
