import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import type { Role } from '#core/roles'
import { bodyOf } from '#tests/helpers/requests'
import {
  collectionFlags,
  createCollection,
  createSpace,
  KINDS,
  spaceFlags,
  type Kind,
} from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

test.group('Effective roles through a tree three collections deep', (group) => {
  eachTestInTransaction(group)

  /**
   * top (defaultLevel comment) > middle > leaf (defaultLevel edit), a space in each, and a root
   * space with defaultLevel edit; grants on ancestors, to a team and to guests. Every read path
   * must agree: the single-record read (one recursive query), the organization and collection
   * lists, the member's spaces and the aggregate permission listing (the in-memory resolver).
   */
  test('every read path agrees on the roles through the tree', async ({ client, assert }) => {
    const admin = await createCaller()
    const org = admin.organizationId
    const member = (role: Role | null) => createCaller({ organizationId: org, role })
    const [reader, guestTop] = [await member('read'), await member(null)]
    const [guestTeam, bystander] = [await member(null), await member('comment')]

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

    const records = [
      ...Object.entries(spaces).map(([key, record]) => ({ key, record, kind: 'space' as Kind })),
      ...Object.entries(collections).map(([key, record]) => ({
        key,
        record,
        kind: 'collection' as Kind,
      })),
    ]
    const flags = { space: spaceFlags, collection: collectionFlags }

    for (const [name, caller] of Object.entries(users) as [keyof typeof users, typeof admin][]) {
      const roles = expected[name]
      const lists = {
        space: await bodyOf(client, caller, 'get', `/v1/orgs/${org}/spaces`),
        collection: await bodyOf(client, caller, 'get', `/v1/orgs/${org}/collections`),
      }
      const memberSpacesUrl = `/v1/orgs/${org}/members/${caller.user.id}/spaces`
      const memberSpaces = await bodyOf(client, admin, 'get', memberSpacesUrl)

      for (const { key, kind, record } of records) {
        const role = roles[key]
        const label = `${name} on ${key}`
        const path = `/v1/${KINDS[kind].path}/${record.id}`
        const read = await apiAs(client, caller).get(path)
        assertAnswer(read, role ? 200 : 404)
        const inList = lists[kind].items.find((item: any) => item.id === record.id)
        const aggregate = await apiAs(client, admin).get(`${path}/permissions/aggregate`)
        aggregate.assertContract()
        const inAggregate = aggregate
          .body()
          .items.find((item: any) => item.user.id === caller.user.id)
        // The member's spaces list spaces only.
        const inMember =
          kind === 'space'
            ? memberSpaces.items.find((item: any) => item.space.id === record.id)
            : undefined
        if (!role) {
          assert.isUndefined(inList, label)
          assert.isUndefined(inMember, label)
          assert.isUndefined(inAggregate, label)
          continue
        }
        assert.deepEqual(read.body().permissions, flags[kind](role), label)
        assert.deepEqual(inList?.permissions, flags[kind](role), `${label} (organization list)`)
        assert.equal(inAggregate?.permission, role, `${label} (aggregate)`)
        if (kind === 'space') {
          assert.equal(inMember?.permission, role, `${label} (member's spaces)`)
          continue
        }
        const inside = await bodyOf(client, caller, 'get', `${path}/spaces`)
        for (const item of inside.items) {
          const spaceKey = Object.entries(spaces).find(([, s]) => s.id === item.id)![0]
          const insideFlags = spaceFlags(roles[spaceKey]!)
          assert.deepEqual(item.permissions, insideFlags, `${label}: ${spaceKey} inside`)
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
