import { test } from '@japa/runner'
import { effectiveRole, RoleResolver } from '#spaces/effective_role'

test.group('effectiveRole', () => {
  test('the highest of organization role, default levels and grants', ({ assert }) => {
    assert.equal(effectiveRole('read', ['edit', null], []), 'edit')
    assert.equal(effectiveRole('admin', ['read'], ['comment']), 'admin')
    assert.equal(effectiveRole('read', [], ['review']), 'review')
    assert.equal(effectiveRole('comment', [null], []), 'comment')
  })

  test('guests get grants only, never default levels', ({ assert }) => {
    assert.isNull(effectiveRole(null, ['admin'], []))
    assert.equal(effectiveRole(null, ['admin'], ['read']), 'read')
  })
})

test.group('RoleResolver', () => {
  const tree = [
    { id: 'top', parentId: null, defaultLevel: null },
    { id: 'middle', parentId: 'top', defaultLevel: 'edit' as const },
    { id: 'leaf', parentId: 'middle', defaultLevel: null },
    { id: 'other', parentId: null, defaultLevel: null },
  ]

  test('default levels and grants flow down the tree', ({ assert }) => {
    const resolver = new RoleResolver(tree, 'read', [
      { spaceId: null, collectionId: 'top', role: 'review' },
    ])
    assert.equal(resolver.forCollection('top'), 'review')
    assert.equal(resolver.forCollection('leaf'), 'review')
    assert.equal(resolver.forCollection('other'), 'read')
    assert.equal(resolver.forSpace({ id: 's', parentId: 'leaf', defaultLevel: 'admin' }), 'admin')
    assert.equal(resolver.forSpace({ id: 's', parentId: null, defaultLevel: null }), 'read')
  })

  test('a guest sees granted subtrees only', ({ assert }) => {
    const resolver = new RoleResolver(tree, null, [
      { spaceId: null, collectionId: 'middle', role: 'read' },
      { spaceId: 'lonely', collectionId: null, role: 'comment' },
    ])
    assert.sameMembers(resolver.visibleCollectionIds(), ['middle', 'leaf'])
    assert.deepEqual(resolver.grantedSpaceIds(), ['lonely'])
    assert.isNull(resolver.forSpace({ id: 'x', parentId: 'top', defaultLevel: 'admin' }))
    assert.equal(resolver.forSpace({ id: 'x', parentId: 'leaf', defaultLevel: null }), 'read')
  })

  test('a corrupt cycle does not loop forever', ({ assert }) => {
    const resolver = new RoleResolver(
      [
        { id: 'a', parentId: 'b', defaultLevel: null },
        { id: 'b', parentId: 'a', defaultLevel: 'comment' },
      ],
      'read',
      []
    )
    assert.equal(resolver.forCollection('a'), 'comment')
  })
})
