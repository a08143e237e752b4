import { test } from '@japa/runner'
import { GitBookAPIError } from '@gitbook/api'
// Enum types of the generated client (see tests/helpers/gitbook_client.ts for why the dist path).
import type { MemberRole, SpaceEditMode } from '../../../node_modules/@gitbook/api/dist/client.js'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, createMember, eachTestInTransaction } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import { newId } from '#core/ids'

test.group('GitBookAPI client: collections and spaces', (group) => {
  eachTestInTransaction(group)

  test('builds, reorders, moves, deletes and restores a tree', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const orgId = admin.organizationId

    const { data: docs } = await api.orgs.createCollection(orgId, { title: 'Docs' })
    const { data: guides } = await api.orgs.createCollection(orgId, {
      title: 'Guides',
      parent: docs.id,
    })
    const { data: one } = await api.orgs.createSpace(orgId, { title: 'One', parent: guides.id })
    const { data: two } = await api.orgs.createSpace(orgId, {
      title: 'Two',
      parent: guides.id,
      emoji: '📗',
    })
    assert.equal(two.parent, guides.id)

    await api.spaces.moveSpace(two.id, { position: { before: { type: 'space', space: one.id } } })
    const { data: inGuides } = await api.collections.listSpacesInCollectionById(guides.id)
    assert.deepEqual(
      inGuides.items.map((s: { title: string }) => s.title),
      ['Two', 'One']
    )

    const { data: moved } = await api.collections.moveCollection(guides.id, { parent: null })
    assert.isUndefined(moved.parent)
    const { data: roots } = await api.orgs.listCollectionsInOrganizationById(orgId, {
      nested: false,
    })
    assert.sameMembers(
      roots.items.map((c: { id: string }) => c.id),
      [docs.id, guides.id]
    )

    const { data: renamed } = await api.spaces.updateSpaceById(one.id, {
      title: 'Uno',
      editMode: 'locked' as SpaceEditMode,
    })
    assert.equal(renamed.title, 'Uno')
    const { data: updatedCollection } = await api.collections.updateCollectionById(docs.id, {
      description: 'Everything',
      defaultLevel: 'comment' as MemberRole,
    })
    assert.equal(updatedCollection.description, 'Everything')

    await api.spaces.deleteSpaceById(one.id)
    try {
      await api.spaces.getSpaceById(one.id)
      assert.fail('a deleted space should be 404')
    } catch (error) {
      assert.instanceOf(error, GitBookAPIError)
      assert.equal((error as GitBookAPIError).code, 404)
    }
    const { data: restored } = await api.spaces.restoreSpace(one.id)
    assert.equal(restored.id, one.id)

    const { data: copy } = await api.spaces.duplicateSpace(two.id)
    assert.equal(copy.title, 'Two')

    const { data: all } = await api.orgs.listSpacesInOrganizationById(orgId)
    assert.equal(all.count, 3)

    await api.spaces.inviteToSpace(two.id, { role: 'edit' as MemberRole, users: [admin.user.id] })
    const { data: users } = await api.spaces.listUserPermissionsInSpace(two.id)
    assert.equal(users.items[0].permission, 'edit')
    const { data: memberSpaces } = await api.orgs.listSpacesForOrganizationMember(
      orgId,
      admin.user.id
    )
    assert.equal(memberSpaces.count, 3)

    await api.collections.deleteCollectionById(docs.id)
    try {
      await api.collections.getCollectionById(docs.id)
      assert.fail('a deleted collection should be 404')
    } catch (error) {
      assert.equal((error as GitBookAPIError).code, 404)
    }
  })

  test('pages, grants, aggregates, transfers and refusals through the client', async ({
    assert,
  }) => {
    const admin = await createCaller()
    const target = await createCaller({ email: `t-${newId(6).toLowerCase()}@example.com` })
    await createCaller({ organizationId: target.organizationId, role: 'admin', email: admin.email })
    const reader = await createMember(admin.organizationId, 'read')
    const api = gitbookClient(admin.token)
    const orgId = admin.organizationId

    const { data: shelf } = await api.orgs.createCollection(orgId, { title: 'Shelf' })
    const titles = ['A', 'B', 'C']
    for (const title of titles) await api.orgs.createSpace(orgId, { title, parent: shelf.id })
    const { data: first } = await api.collections.listSpacesInCollectionById(shelf.id, { limit: 2 })
    assert.equal(first.count, 3)
    assert.isString(first.next?.page)
    const { data: rest } = await api.collections.listSpacesInCollectionById(shelf.id, {
      limit: 2,
      page: first.next!.page,
    })
    assert.deepEqual(
      [...first.items, ...rest.items].map((s: { title: string }) => s.title),
      titles
    )
    assert.isUndefined(rest.next)

    const team = await createTeam(orgId, [reader.user.id])
    await api.spaces.updateTeamPermissionInSpace(first.items[0].id, team, {
      role: 'admin' as MemberRole,
    })
    const { data: aggregate } = await api.spaces.listPermissionsAggregateInSpace(first.items[0].id)
    const readerEntry = aggregate.items.find(
      (item: { user: { id: string } }) => item.user.id === reader.user.id
    )
    assert.equal(readerEntry?.permission, 'admin')
    const { data: inCollection } = await api.collections.listPermissionsAggregateInCollection(
      shelf.id
    )
    assert.equal(
      inCollection.items.find((item: { user: { id: string } }) => item.user.id === reader.user.id)
        ?.permission,
      'read'
    )

    try {
      await api.orgs.createSpace(orgId, { title: 'x'.repeat(51) })
      assert.fail('a 51-character title should be refused')
    } catch (error) {
      assert.instanceOf(error, GitBookAPIError)
      assert.equal((error as GitBookAPIError).code, 400)
    }

    const { data: moved } = await api.collections.transferCollection(shelf.id, {
      organization: target.organizationId,
    })
    assert.equal(moved.organization, target.organizationId)
    const { data: there } = await gitbookClient(
      target.token
    ).collections.listSpacesInCollectionById(shelf.id)
    assert.equal(there.count, 3)
    const { data: left } = await api.orgs.listSpacesInOrganizationById(orgId)
    assert.equal(left.count, 0)
  })
})
