import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { spaceTree } from '#console/serializers/space_props'
import type { CollectionAccess, SpaceAccess } from '#spaces/records'

const at = DateTime.utc()

/** What collections and spaces have in common: their place in the tree, titled by their id. */
function placed(id: string, parentId: string | null, position: number) {
  return { id, organizationId: 'org', parentId, title: id, position, createdAt: at, updatedAt: at }
}

function collection(id: string, parentId: string | null, position: number): CollectionAccess {
  return {
    collection: { ...placed(id, parentId, position), description: null, defaultLevel: null },
    role: 'read',
    organizationRole: 'read',
  }
}

function space(id: string, parentId: string | null, position: number): SpaceAccess {
  return {
    space: {
      ...placed(id, parentId, position),
      emoji: null,
      visibility: 'private',
      editMode: 'live',
      defaultLevel: null,
      revisionId: 'rev',
      mergeRules: null,
      deletedAt: null,
    },
    role: 'read',
    organizationRole: 'read',
  }
}

const shape = (nodes: ReturnType<typeof spaceTree>): unknown[] =>
  nodes.map((node) => (node.type === 'space' ? node.id : [node.id, shape(node.children)]))

test.group('Console space tree', () => {
  test('spaces and collections of one parent share one order; ties go by id', ({ assert }) => {
    const tree = spaceTree(
      [collection('C1', null, 2), collection('C2', 'C1', 1), collection('C0', null, 5)],
      [
        space('S1', null, 1),
        space('S3', 'C1', 0),
        space('S2', 'C2', 0),
        space('Sb', null, 3),
        space('Sa', null, 3),
      ]
    )
    assert.deepEqual(shape(tree), ['S1', ['C1', ['S3', ['C2', ['S2']]]], 'Sa', 'Sb', ['C0', []]])
  })

  test('records under collections the user cannot see are shown at the top level', ({ assert }) => {
    const tree = spaceTree(
      [collection('Shared', 'Hidden', 4)],
      [space('Granted', 'Hidden', 1), space('In', 'Shared', 0)]
    )
    assert.deepEqual(shape(tree), ['Granted', ['Shared', ['In']]])
  })
})
