import { test } from '@japa/runner'
import { mayNamePagePath, pageAtPath } from '#content/services/path_links'
import { PageIndex } from '#content/services/page_index'
import type { RevisionTree, TreePage } from '#content/types'

function page(id: string, path: string, children: TreePage[] = []): TreePage {
  return {
    node: {
      id,
      type: 'document',
      title: id,
      slug: path.split('/').pop()!,
      createdAt: '',
      updatedAt: '',
      children: [],
    },
    hash: `hash-${id}`,
    path,
    parentId: null,
    children,
  }
}

test.group('Path links', () => {
  test('links that may name a page by its path, from some page', ({ assert }) => {
    for (const url of [
      './later.md',
      'later.md',
      '../x.md',
      './guides',
      '/pages/guides/intro',
      './a.md#b',
    ])
      assert.isTrue(mayNamePagePath(url), url)
    for (const url of [
      '',
      '#anchor',
      'https://example.com/x.md',
      'mailto:a@example.com',
      '//example.com/x.md',
      '/pages/AAAAAAAAAAAAAAAAAAAA',
      '/files/AAAAAAAAAAAAAAAAAAAA',
      '/elsewhere',
    ])
      assert.isFalse(mayNamePagePath(url), url)
  })

  test('the page at a path; no page at the empty path', ({ assert }) => {
    const intro = page('intro', 'guides/intro')
    const guides = page('guides', 'guides', [intro])
    const tree = { pages: [guides], byId: PageIndex.of([guides]) } as unknown as RevisionTree
    assert.equal(pageAtPath(tree, 'guides/intro'), intro)
    assert.equal(pageAtPath(tree, 'guides'), guides)
    assert.isUndefined(pageAtPath(tree, 'intro'))
    assert.isUndefined(pageAtPath(tree, ''))
  })
})
