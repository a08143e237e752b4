import { test } from '@japa/runner'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { integrationName, integrationsOf, publishBody } from '#tests/helpers/integrations'
import { adminAnd, byRole, statusByRole } from '#tests/helpers/roles'

/**
 * Organization admins only, with `status`: other roles are refused (403), and an outsider, who
 * names an organization they do not belong to, gets the 400 on `organization`.
 */
function adminsOnly(status: number) {
  return statusByRole({
    admin: status,
    create: 403,
    review: 403,
    edit: 403,
    comment: 403,
    read: 403,
    guest: 403,
    outsider: 400,
  })
}

test.group('Integrations: who publishes, unpublishes and installs', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@integrations']))

  test('publish as {role}: {status}')
    .with(adminsOnly(200))
    .run(async ({ client }, { role, status }) => {
      const { admin, caller } = await adminAnd(role)
      const body = publishBody(admin)
      assertAnswer(
        await integrationsOf(client, caller).post(`/integrations/${integrationName()}`, body),
        status
      )
    })

  test('republish and unpublish as {role}: {republish}, {status}')
    .with(
      byRole({
        admin: { republish: 200, status: 204 },
        create: { republish: 403, status: 403 },
        read: { republish: 403, status: 403 },
        guest: { republish: 403, status: 403 },
        // The body names the owner, which the outsider does not belong to.
        outsider: { republish: 400, status: 403 },
      })
    )
    .run(async ({ client }, { role, republish, status }) => {
      const { admin, caller } = await adminAnd(role)
      const name = integrationName()
      await integrationsOf(client, admin).publish(name)
      const api = integrationsOf(client, caller)
      const republished = await api.post(`/integrations/${name}`, publishBody(admin))
      assertAnswer(republished, republish)
      const response = await api.delete(`/integrations/${name}`)
      response.assertStatus(status)
    })

  test('install in the organization as {role}: {status}')
    .with(adminsOnly(201))
    .run(async ({ client }, { role, status }) => {
      const { admin, caller } = await adminAnd(role)
      const name = integrationName()
      await integrationsOf(client, admin).publish(name)
      assertAnswer(
        await integrationsOf(client, caller).post(`/integrations/${name}/installations`, {
          organization: admin.organizationId,
        }),
        status
      )
    })

  test('read, update and uninstall an installation as {role}: {read}, {status}')
    .with(
      byRole({
        admin: { read: 200, update: 200, status: 204 },
        edit: { read: 200, update: 403, status: 403 },
        read: { read: 200, update: 403, status: 403 },
        guest: { read: 404, update: 404, status: 404 },
        outsider: { read: 404, update: 404, status: 404 },
      })
    )
    .run(async ({ client }, { role, read, update, status }) => {
      const { admin, caller } = await adminAnd(role)
      const name = integrationName()
      const owner = integrationsOf(client, admin)
      await owner.publish(name)
      const { id } = await owner.install(name)
      const api = integrationsOf(client, caller)
      const path = `/integrations/${name}/installations/${id}`
      assertAnswer(await api.get(path), read)
      assertAnswer(await api.patch(path, { externalIds: ['x'] }), update)
      const removed = await api.delete(path)
      removed.assertStatus(status)
    })

  test('visibility {visibility}: owner member {member}, other organization {other}')
    .with([
      { visibility: 'public', member: [true, true, 201], other: [true, true, 201] },
      { visibility: 'unlisted', member: [true, true, 201], other: [false, true, 201] },
      { visibility: 'private', member: [true, true, 201], other: [false, false, 404] },
    ] as const)
    .run(async ({ client, assert }, { visibility, member, other }) => {
      const owner = await createCaller()
      const name = integrationName()
      await integrationsOf(client, owner).publish(name, { visibility })
      const ownerMember = await createCaller({ organizationId: owner.organizationId, role: 'read' })
      const outsider = await createCaller()
      for (const [caller, [listed, readable, install]] of [
        [ownerMember, member],
        [outsider, other],
      ] as const) {
        const api = integrationsOf(client, caller)
        const list = await api.get('/integrations', { search: name })
        assertAnswer(list, 200)
        assert.equal(list.body().items.length === 1, listed, `${visibility} listed`)
        assertAnswer(await api.get(`/integrations/${name}`), readable ? 200 : 404)
        // Installing needs an admin: the member's own organization is the owner's, so an admin
        // of each organization tries.
        const installer = caller === ownerMember ? owner : outsider
        assertAnswer(
          await integrationsOf(client, installer).post(`/integrations/${name}/installations`, {
            organization: installer.organizationId,
          }),
          install
        )
      }
    })

  test('a private integration cannot be installed by another organization', async ({ client }) => {
    const owner = await createCaller()
    const name = integrationName()
    await integrationsOf(client, owner).publish(name, { visibility: 'private' })
    // An admin of both organizations still may not install it in the other one.
    const other = await createCaller()
    const inOwner = await createCaller({ organizationId: owner.organizationId, role: 'admin' })
    const both = await createCaller({
      organizationId: other.organizationId,
      role: 'admin',
      email: inOwner.email,
    })
    assertAnswer(
      await integrationsOf(client, both).post(`/integrations/${name}/installations`, {
        organization: other.organizationId,
      }),
      403,
      'private'
    )
  })
})
