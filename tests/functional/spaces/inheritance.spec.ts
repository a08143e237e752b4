import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import type { Role } from '#core/roles'
import { collectionFlags, createCollection, createSpace, spaceFlags } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

test.group('Effective roles through a tree three collections deep', (group) => {
  eachTestInTransaction(group)

  /**
   * top (defaultLevel comment) > middle > leaf (defaultLevel edit), a space in each, and a root
   * space with defaultLevel edit. Every read path must agree: the single-record read (one
   * recursive query), the organization and collection lists, the member's spaces and the aggregate
   * permission listing (the in-memory resolver).
   */
  test('default levels at several depths, grants on ancestors, team grants and guests agree on every read path', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const org = admin.organizationId
    const reader = await createCaller({ organizationId: org, role: 'read' })
    const guestTop = await createCaller({ organizationId: org, role: null })
    const guestTeam = await createCaller({ organizationId: org, role: null })
    const bystander = await createCaller({ organizationId: org, role: 'comment' })

    const top = await createCollection(client, admin, { title: 'Top' })
    const middle = await createCollection(client, admin, { title: 'Middle', parent: top.id })
    const leaf = await createCollection(client, admin, { title: 'Leaf', parent: middle.id })
    const inTop = await createSpace(client, admin, { title: 'In top', parent: top.id })
    const inMiddle = await createSpace(client, admin, { title: 'In middle', parent: middle.id })
    const inLeaf = await createSpace(client, admin, { title: 'In leaf', parent: leaf.id })
    const atRoot = await createSpace(client, admin, { title: 'At root' })

    const team = await createTeam(org, [guestTeam.user.id])
    for (const [path, body, status] of [
      [`/v1/collections/${top.id}`, { defaultLevel: 'comment' }, 200],
      [`/v1/collections/${leaf.id}`, { defaultLevel: 'edit' }, 200],
      [`/v1/spaces/${atRoot.id}`, { defaultLevel: 'edit' }, 200],
      [`/v1/collections/${middle.id}/permissions/users/${reader.user.id}`, { role: 'review' }, 204],
      [`/v1/collections/${top.id}/permissions/users/${guestTop.user.id}`, { role: 'read' }, 204],
      [`/v1/collections/${middle.id}/permissions/teams/${team}`, { role: 'comment' }, 204],
      [`/v1/spaces/${inLeaf.id}/permissions/users/${guestTeam.user.id}`, { role: 'admin' }, 204],
    ] as const) {
      const response = await apiAs(client, admin).patch(path, body)
      assertAnswer(response, status)
    }

    const users = { admin, reader, guestTop, guestTeam, bystander }
    const expected: Record<keyof typeof users, Record<string, Role | null>> = {
      admin: {
        top: 'admin',
        middle: 'admin',
        leaf: 'admin',
        inTop: 'admin',
        inMiddle: 'admin',
        inLeaf: 'admin',
        atRoot: 'admin',
      },
      reader: {
        top: 'comment',
        middle: 'review',
        leaf: 'review',
        inTop: 'comment',
        inMiddle: 'review',
        inLeaf: 'review',
        atRoot: 'edit',
      },
      guestTop: {
        top: 'read',
        middle: 'read',
        leaf: 'read',
        inTop: 'read',
        inMiddle: 'read',
        inLeaf: 'read',
        atRoot: null,
      },
      guestTeam: {
        top: null,
        middle: 'comment',
        leaf: 'comment',
        inTop: null,
        inMiddle: 'comment',
        inLeaf: 'admin',
        atRoot: null,
      },
      bystander: {
        top: 'comment',
        middle: 'comment',
        leaf: 'edit',
        inTop: 'comment',
        inMiddle: 'comment',
        inLeaf: 'edit',
        atRoot: 'edit',
      },
    }
    const collections = { top, middle, leaf }
    const spaces = { inTop, inMiddle, inLeaf, atRoot }

    for (const [name, caller] of Object.entries(users) as [keyof typeof users, typeof admin][]) {
      const roles = expected[name]
      const listed = await apiAs(client, caller).get(`/v1/orgs/${org}/spaces`)
      assertAnswer(listed, 200)
      const memberSpaces = await apiAs(client, admin).get(
        `/v1/orgs/${org}/members/${caller.user.id}/spaces`
      )
      assertAnswer(memberSpaces, 200)
      const listedCollections = await apiAs(client, caller).get(`/v1/orgs/${org}/collections`)
      assertAnswer(listedCollections, 200)

      for (const [key, space] of Object.entries(spaces)) {
        const role = roles[key]
        const label = `${name} on ${key}`
        const read = await apiAs(client, caller).get(`/v1/spaces/${space.id}`)
        assertAnswer(read, role ? 200 : 404)
        const inList = listed.body().items.find((item: any) => item.id === space.id)
        const inMember = memberSpaces.body().items.find((item: any) => item.space.id === space.id)
        const aggregate = await apiAs(client, admin).get(
          `/v1/spaces/${space.id}/permissions/aggregate`
        )
        aggregate.assertContract()
        const inAggregate = aggregate
          .body()
          .items.find((item: any) => item.user.id === caller.user.id)
        if (role) {
          assert.deepEqual(read.body().permissions, spaceFlags(role), label)
          assert.deepEqual(inList?.permissions, spaceFlags(role), `${label} (organization list)`)
          assert.equal(inMember?.permission, role, `${label} (member's spaces)`)
          assert.equal(inAggregate?.permission, role, `${label} (aggregate)`)
        } else {
          assert.isUndefined(inList, label)
          assert.isUndefined(inMember, label)
          assert.isUndefined(inAggregate, label)
        }
      }

      for (const [key, collection] of Object.entries(collections)) {
        const role = roles[key]
        const label = `${name} on ${key}`
        const read = await apiAs(client, caller).get(`/v1/collections/${collection.id}`)
        assertAnswer(read, role ? 200 : 404)
        const inList = listedCollections.body().items.find((item: any) => item.id === collection.id)
        const aggregate = await apiAs(client, admin).get(
          `/v1/collections/${collection.id}/permissions/aggregate`
        )
        aggregate.assertContract()
        const inAggregate = aggregate
          .body()
          .items.find((item: any) => item.user.id === caller.user.id)
        if (role) {
          assert.deepEqual(read.body().permissions, collectionFlags(role), label)
          assert.deepEqual(
            inList?.permissions,
            collectionFlags(role),
            `${label} (organization list)`
          )
          assert.equal(inAggregate?.permission, role, `${label} (aggregate)`)
          const inside = await apiAs(client, caller).get(`/v1/collections/${collection.id}/spaces`)
          assertAnswer(inside, 200)
          for (const item of inside.body().items) {
            const spaceKey = Object.entries(spaces).find(([, s]) => s.id === item.id)![0]
            assert.deepEqual(
              item.permissions,
              spaceFlags(roles[spaceKey]!),
              `${label}: ${spaceKey} inside`
            )
          }
        } else {
          assert.isUndefined(inList, label)
          assert.isUndefined(inAggregate, label)
        }
      }
    }

    // Moving the middle collection (with the leaf below it) to the root drops what `top` gave.
    const moved = await apiAs(client, admin).post(`/v1/collections/${middle.id}/move`, {
      parent: null,
    })
    assertAnswer(moved, 200)
    const guestAfter = await apiAs(client, guestTop).get(`/v1/spaces/${inLeaf.id}`)
    assertAnswer(guestAfter, 404)
    const bystanderAfter = await apiAs(client, bystander).get(`/v1/spaces/${inMiddle.id}`)
    assertAnswer(bystanderAfter, 200)
    assert.deepEqual(bystanderAfter.body().permissions, spaceFlags('comment'))
    const readerAfter = await apiAs(client, reader).get(`/v1/spaces/${inLeaf.id}`)
    assert.deepEqual(readerAfter.body().permissions, spaceFlags('review'))
  })
})
