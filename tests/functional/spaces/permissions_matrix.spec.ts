import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import { validateContract } from '#tests/helpers/contract'
import type { Role, RoleOrGuest } from '#core/roles'
import { apiAs } from '#tests/helpers/api_as'
import {
  collectionFlags as expectedCollectionFlags,
  createCollection,
  createSpace,
  spaceFlags,
} from './helpers.js'

/**
 * Every caller kind of the authorization matrix, and how it reaches the records: an organization
 * role, or (guests) a grant on the collection holding the space, directly or through a team.
 */
const MATRIX: {
  name: string
  organizationRole: RoleOrGuest
  grant?: { role: Role; via: 'user' | 'team' }
}[] = [
  { name: 'admin', organizationRole: 'admin' },
  { name: 'create', organizationRole: 'create' },
  { name: 'review', organizationRole: 'review' },
  { name: 'edit', organizationRole: 'edit' },
  { name: 'comment', organizationRole: 'comment' },
  { name: 'read', organizationRole: 'read' },
  { name: 'guest granted edit', organizationRole: null, grant: { role: 'edit', via: 'user' } },
  {
    name: 'guest granted admin through a team',
    organizationRole: null,
    grant: { role: 'admin', via: 'team' },
  },
]

async function tree(client: any, admin: Caller) {
  const collection = await createCollection(client, admin, { title: 'Holder' })
  const space = await createSpace(client, admin, { title: 'Target', parent: collection.id })
  const sibling = await createSpace(client, admin, { title: 'Sibling', parent: collection.id })
  return { collection, space, sibling }
}

test.group('permissions flags agree with what the API allows', (group) => {
  eachTestInTransaction(group)

  test('{name}: every Space and Collection flag matches the answer of the operation it stands for')
    .with(MATRIX)
    .run(async ({ client, assert }, { organizationRole, grant }) => {
      const admin = await createCaller()
      const { collection, space, sibling } = await tree(client, admin)
      const member = await createCaller({
        organizationId: admin.organizationId,
        role: organizationRole,
      })
      if (grant) {
        const body =
          grant.via === 'user'
            ? { role: grant.role, users: [member.user.id] }
            : {
                role: grant.role,
                teams: [await createTeam(admin.organizationId, [member.user.id])],
              }
        const invited = await apiAs(client, admin).post(
          `/v1/collections/${collection.id}/permissions`,
          body
        )
        assertAnswer(invited, 204)
      }
      const role = (grant?.role ?? organizationRole)!

      // Collection: view, admin (PATCH), create (a space inside it).
      const readCollection = await apiAs(client, member).get(`/v1/collections/${collection.id}`)
      assertAnswer(readCollection, 200)
      const collectionFlags = readCollection.body().permissions
      assert.deepEqual(collectionFlags, expectedCollectionFlags(role))
      const patchCollection = await apiAs(client, member).patch(
        `/v1/collections/${collection.id}`,
        { description: 'by member' }
      )
      assertAnswer(patchCollection, collectionFlags.admin ? 200 : 403)
      const createInside = await apiAs(client, member).post(
        `/v1/orgs/${admin.organizationId}/spaces`,
        { title: 'Inside', parent: collection.id }
      )
      assertAnswer(createInside, collectionFlags.create ? 201 : 403)
      const createCollectionInside = await apiAs(client, member).post(
        `/v1/orgs/${admin.organizationId}/collections`,
        { title: 'Inside', parent: collection.id }
      )
      assertAnswer(createCollectionInside, collectionFlags.create ? 201 : 403)
      const collectionGrants = await apiAs(client, member).get(
        `/v1/collections/${collection.id}/permissions/users`
      )
      assertAnswer(collectionGrants, 200)

      // Space: the single read and the list read give the same flags.
      const read = await apiAs(client, member).get(`/v1/spaces/${space.id}`)
      assertAnswer(read, 200)
      const flags = read.body().permissions
      assert.deepEqual(flags, spaceFlags(role))
      for (const path of [
        `/v1/orgs/${admin.organizationId}/spaces`,
        `/v1/collections/${collection.id}/spaces`,
      ]) {
        const list = await apiAs(client, member).get(path)
        assertAnswer(list, 200)
        assert.deepEqual(
          list.body().items.find((item: any) => item.id === space.id).permissions,
          flags,
          path
        )
      }
      const mine = await apiAs(client, member).get(
        `/v1/orgs/${admin.organizationId}/members/${member.user.id}/spaces`
      )
      assertAnswer(mine, 200)
      const entry = mine.body().items.find((item: any) => item.space.id === space.id)
      assert.equal(entry.permission, role)
      assert.deepEqual(entry.space.permissions, flags)

      // admin: settings, grants, order, duplicate-in-place needs create, delete last.
      const patch = await apiAs(client, member).patch(`/v1/spaces/${space.id}`, {
        title: 'By member',
      })
      assertAnswer(patch, flags.admin ? 200 : 403)
      const invite = await apiAs(client, member).post(`/v1/spaces/${space.id}/permissions`, {
        role: 'read',
        users: [admin.user.id],
      })
      assertAnswer(invite, flags.admin ? 204 : 403)
      const grants = await apiAs(client, member).get(`/v1/spaces/${space.id}/permissions/users`)
      assertAnswer(grants, flags.view ? 200 : 404)
      const move = await apiAs(client, member).post(`/v1/spaces/${space.id}/move`, {
        position: { before: { type: 'space', space: sibling.id } },
      })
      assertAnswer(move, flags.admin ? 200 : 403)
      const duplicate = await apiAs(client, member).post(`/v1/spaces/${space.id}/duplicate`)
      assertAnswer(duplicate, collectionFlags.create ? 201 : 403)
      const transfer = await apiAs(client, member).post(`/v1/spaces/${space.id}/transfer`, {
        organization: admin.organizationId,
      })
      // Transfer needs organization admin (then the same organization is a 409).
      transfer.assertStatus(organizationRole === 'admin' ? 409 : 403)
      validateContract('GET', `/v1/spaces/${space.id}`, transfer.status(), transfer.body())
      const del = await apiAs(client, member).delete(`/v1/spaces/${space.id}`)
      assertAnswer(del, flags.admin ? 205 : 403)
      if (flags.admin) {
        const restore = await apiAs(client, member).post(`/v1/spaces/${space.id}/restore`)
        assertAnswer(restore, 200)
        assert.deepEqual(restore.body().permissions, flags)
      }
    })

  test('{kind}: 404 on every operation of a space and collection it cannot see, never data')
    .with([{ kind: 'guest' }, { kind: 'non-member' }])
    .run(async ({ client, assert }, { kind }) => {
      const admin = await createCaller()
      const { collection, space } = await tree(client, admin)
      const caller =
        kind === 'guest'
          ? await createCaller({ organizationId: admin.organizationId, role: null })
          : await createCaller()
      const as = apiAs(client, caller)
      const moved = { parent: null }
      const transferred = { organization: caller.organizationId }
      const requests = [`/v1/spaces/${space.id}`, `/v1/collections/${collection.id}`].flatMap(
        (url) => [
          as.get(url),
          as.patch(url, { title: 'x' }),
          as.delete(url),
          as.post(`${url}/move`, moved),
          as.post(`${url}/transfer`, transferred),
        ]
      )
      requests.push(
        as.post(`/v1/spaces/${space.id}/duplicate`),
        as.post(`/v1/spaces/${space.id}/restore`),
        as.get(`/v1/spaces/${space.id}/permissions/users`),
        as.get(`/v1/collections/${collection.id}/spaces`),
        as.get(`/v1/collections/${collection.id}/permissions/aggregate`)
      )
      for (const request of requests) {
        const response = await request
        response.assertStatus(404)
        validateContract('GET', '/v1/user', 404, response.body())
        assert.notInclude(JSON.stringify(response.body()), 'Target')
        assert.notInclude(JSON.stringify(response.body()), 'Holder')
      }
      if (kind === 'guest') {
        const list = await apiAs(client, caller).get(`/v1/orgs/${admin.organizationId}/spaces`)
        assertAnswer(list, 200)
        assert.equal(list.body().count, 0)
        const collections = await apiAs(client, caller).get(
          `/v1/orgs/${admin.organizationId}/collections`
        )
        collections.assertContract()
        assert.equal(collections.body().count, 0)
      } else {
        for (const path of ['spaces', 'collections', `members/${admin.user.id}/spaces`]) {
          const list = await apiAs(client, caller).get(`/v1/orgs/${admin.organizationId}/${path}`)
          assertAnswer(list, 404)
        }
      }
    })
})
