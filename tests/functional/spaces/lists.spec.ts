import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import type { ApiClient } from '@japa/api-client'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { adminOfTwo, createCollection, createSpace } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

/**
 * What every list and lookup of an organization shows `caller` right now, by title.
 */
async function view(
  client: ApiClient,
  caller: Caller,
  organizationId: string,
  member: Caller,
  collectionIds: string[]
) {
  const get = async (path: string, qs: Record<string, unknown> = {}) => {
    const response = await apiAs(client, caller).get(path, qs)
    assertAnswer(response, 200)
    return response.body()
  }
  const titles = (body: any) => body.items.map((item: any) => item.title ?? item.space.title)
  const inCollections: Record<string, string[]> = {}
  for (const id of collectionIds) {
    const response = await apiAs(client, caller).get(`/v1/collections/${id}/spaces`)
    response.assertContract()
    inCollections[id] = response.status() === 200 ? titles(response.body()) : []
  }
  // Organization-wide lists follow positions, which are per parent: compare them as sets.
  return {
    spaces: titles(await get(`/v1/orgs/${organizationId}/spaces`)).sort(),
    memberSpaces: titles(
      await get(`/v1/orgs/${organizationId}/members/${member.user.id}/spaces`)
    ).sort(),
    collections: titles(await get(`/v1/orgs/${organizationId}/collections`)).sort(),
    rootCollections: titles(await get(`/v1/orgs/${organizationId}/collections`, { nested: false })),
    inCollections,
  }
}

test.group('Every list and lookup reflects a change at once', (group) => {
  eachTestInTransaction(group)

  // Move, reorder, transfer, delete and restore, of spaces and of collections.
  test('after each change, every list agrees', async ({ client, assert }) => {
    const { admin, second: target } = await adminOfTwo()
    const org = admin.organizationId
    const member = await createCaller({ organizationId: org, role: 'read' })

    const guides = await createCollection(client, admin, { title: 'Guides' })
    const api = await createCollection(client, admin, { title: 'API', parent: guides.id })
    const intro = await createSpace(client, admin, { title: 'Intro', parent: guides.id })
    const ref = await createSpace(client, admin, { title: 'Reference', parent: api.id })
    const notes = await createSpace(client, admin, { title: 'Notes' })
    const ids = [guides.id, api.id]
    const here = () => view(client, admin, org, member, ids)

    assert.deepEqual(await here(), {
      spaces: ['Intro', 'Notes', 'Reference'],
      memberSpaces: ['Intro', 'Notes', 'Reference'],
      collections: ['API', 'Guides'],
      rootCollections: ['Guides'],
      inCollections: { [guides.id]: ['Intro'], [api.id]: ['Reference'] },
    })

    // A space into a collection, before a sibling there.
    const moved = await apiAs(client, admin).post(`/v1/spaces/${notes.id}/move`, {
      parent: guides.id,
      position: { before: { type: 'space', space: intro.id } },
    })
    assertAnswer(moved, 200)
    let now = await here()
    assert.deepEqual(now.inCollections[guides.id], ['Notes', 'Intro'])
    const read = await apiAs(client, admin).get(`/v1/spaces/${notes.id}`)
    assert.equal(read.body().parent, guides.id)

    // A collection to the root: nested=false lists it, its spaces follow it.
    const out = await apiAs(client, admin).post(`/v1/collections/${api.id}/move`, { parent: null })
    assertAnswer(out, 200)
    now = await here()
    assert.deepEqual(now.rootCollections, ['Guides', 'API'])
    assert.deepEqual(now.inCollections[api.id], ['Reference'])

    // Deleted: gone from every list and lookup; restored: back everywhere, at the end of its parent.
    const deleted = await apiAs(client, admin).delete(`/v1/spaces/${notes.id}`)
    assertAnswer(deleted, 205)
    now = await here()
    assert.notInclude(now.spaces, 'Notes')
    assert.notInclude(now.memberSpaces, 'Notes')
    assert.deepEqual(now.inCollections[guides.id], ['Intro'])
    const asAdmin = apiAs(client, admin)
    for (const request of [
      asAdmin.get(`/v1/spaces/${notes.id}`),
      asAdmin.get(`/v1/spaces/${notes.id}/permissions/users`),
      asAdmin.patch(`/v1/spaces/${notes.id}`, { title: 'x' }),
      asAdmin.post(`/v1/spaces/${notes.id}/move`, { parent: null }),
      asAdmin.post(`/v1/spaces/${notes.id}/duplicate`),
    ]) {
      assertAnswer(await request, 404)
    }
    const restored = await apiAs(client, admin).post(`/v1/spaces/${notes.id}/restore`)
    assertAnswer(restored, 200)
    now = await here()
    assert.deepEqual(now.inCollections[guides.id], ['Intro', 'Notes'])
    assert.include(now.memberSpaces, 'Notes')

    // Transfers: the source organization no longer lists them, the target lists them at once.
    const transferred = await apiAs(client, admin).post(`/v1/spaces/${intro.id}/transfer`, {
      organization: target.organizationId,
    })
    transferred.assertStatus(200)
    validateContract('GET', `/v1/spaces/${intro.id}`, 200, transferred.body())
    const transferredCollection = await apiAs(client, admin).post(
      `/v1/collections/${api.id}/transfer`,
      { organization: target.organizationId }
    )
    assertAnswer(transferredCollection, 200)
    now = await here()
    assert.deepEqual(now, {
      spaces: ['Notes'],
      memberSpaces: ['Notes'],
      collections: ['Guides'],
      rootCollections: ['Guides'],
      inCollections: { [guides.id]: ['Notes'], [api.id]: ['Reference'] },
    })
    const there = await view(client, target, target.organizationId, target, [api.id])
    assert.deepEqual(there.collections, ['API'])
    assert.deepEqual(there.rootCollections, ['API'])
    assert.deepEqual(there.inCollections, { [api.id]: ['Reference'] })
    assert.deepEqual(there.spaces, ['Intro', 'Reference'])
    assert.deepEqual(there.memberSpaces, ['Intro', 'Reference'])
    // The member of the source organization lost them with it.
    for (const path of [
      `/v1/spaces/${intro.id}`,
      `/v1/spaces/${ref.id}`,
      `/v1/collections/${api.id}`,
    ]) {
      const response = await apiAs(client, member).get(path)
      assertAnswer(response, 404)
    }

    // An emptied collection deletes; it is gone from every list.
    await apiAs(client, admin).delete(`/v1/spaces/${notes.id}`)
    const gone = await apiAs(client, admin).delete(`/v1/collections/${guides.id}`)
    assertAnswer(gone, 205)
    now = await view(client, admin, org, member, [])
    assert.deepEqual(now, {
      spaces: [],
      memberSpaces: [],
      collections: [],
      rootCollections: [],
      inCollections: {},
    })
    const missing = await apiAs(client, admin).get(`/v1/collections/${guides.id}/spaces`)
    assertAnswer(missing, 404)
  })
})
