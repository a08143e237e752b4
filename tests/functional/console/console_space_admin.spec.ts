import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { toSqlTimestamp } from '#core/database/timestamps'
import SpaceService from '#spaces/services/space_service'
import CollectionService from '#spaces/services/collection_service'
import TeamService from '#organizations/services/team_service'
import OrganizationService from '#organizations/services/organization_service'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import type { Roster } from '#tests/helpers/roles'
import { createChangeRequest } from '../content/helpers.js'
import { signedInRoster, type ConsoleVisitor } from './console_visitor.js'

async function services() {
  return {
    spaces: await app.container.make(SpaceService),
    collections: await app.container.make(CollectionService),
    teams: await app.container.make(TeamService),
    organizations: await app.container.make(OrganizationService),
  }
}

async function teamOf(caller: Roster['admin'], organizationId: string) {
  const { teams, organizations } = await services()
  const access = await organizations.accessFor(caller.user, organizationId)
  return teams.create(caller.user, access, { title: `Team ${organizationId.slice(0, 4)}` })
}

async function grantsOn(column: 'space_id' | 'collection_id', id: string) {
  const rows = await db
    .from('content_grants')
    .where(column, id)
    .select('user_id', 'team_id', 'role')
    .orderBy('id')
  return rows.map((row) => ({
    to: (row.user_id ?? row.team_id) as string,
    role: row.role as string,
  }))
}

async function spaceRow(id: string) {
  return db.from('spaces').where('id', id).first()
}

/**
 * One column of a space or collection row.
 */
async function valueOf(table: 'spaces' | 'collections', id: string, name: string) {
  const row = await db.from(table).where('id', id).select(name).first()
  return row[name]
}

/**
 * One prop of a console page as a visitor reads it.
 */
async function prop(visitor: ConsoleVisitor, url: string, name: string) {
  const page = await visitor.page(url)
  return page.props[name]
}

test.group('Console space administration', (group) => {
  eachTestInTransaction(group)

  test('grants on a space and a collection: add, change, remove; admins only', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const { spaces, collections } = await services()
    const orgId = roster.organizationId
    const { space } = await spaces.create(roster.admin.user, orgId, { title: 'Granted' })
    const team = await teamOf(roster.admin, orgId)
    const foreignTeam = await teamOf(roster.outsider, roster.outsider.organizationId)
    const url = `/console/spaces/${space.id}`

    const page = await as.admin.page(url)
    const administration = page.props.administration
    assert.includeDeepMembers(administration.teams, [{ id: team.id, label: team.title }])
    assert.include(
      administration.members.map((member: { id: string }) => member.id),
      roster.read.user.id
    )
    assert.isNull(await prop(as.read, url, 'administration'))

    assert.equal(
      await as.admin.submitStatus('POST', `${url}/grants`, { role: 'edit', teams: [team.id] }),
      302
    )
    assert.equal(await as.admin.notice(url), 'Granted edit on this space.')
    await as.admin.submit('POST', `${url}/grants`, {
      role: 'comment',
      users: [roster.read.user.id],
    })
    assert.deepEqual(await grantsOn('space_id', space.id), [
      { to: team.id, role: 'edit' },
      { to: roster.read.user.id, role: 'comment' },
    ])
    const listed = await as.admin.page(url)
    listed.response.assertInertiaPropsContains({
      grants: { teams: [{ id: team.id, role: 'edit' }], users: [{ id: roster.read.user.id }] },
    })

    await as.admin.submit('PATCH', `${url}/grants/teams/${team.id}`, { role: 'review' })
    assert.equal(await as.admin.notice(url), 'Role changed to review.')
    await as.admin.submit('DELETE', `${url}/grants/users/${roster.read.user.id}`)
    assert.equal(await as.admin.notice(url), 'Access removed.')
    assert.deepEqual(await grantsOn('space_id', space.id), [{ to: team.id, role: 'review' }])

    // Another organization's team or user, unknown ids, bad roles: refused, nothing changes.
    for (const body of [
      { role: 'edit', teams: [foreignTeam.id] },
      { role: 'edit', users: [roster.outsider.user.id] },
      { role: 'edit', users: ['NoSuchUser0000000000'] },
    ]) {
      assert.equal(await as.admin.submitStatus('POST', `${url}/grants`, body), 404)
    }
    assert.equal(
      await as.admin.submitStatus('PATCH', `${url}/grants/teams/${foreignTeam.id}`, {
        role: 'admin',
      }),
      404
    )
    assert.equal(
      await as.admin.submitStatus('PATCH', `${url}/grants/groups/${team.id}`, { role: 'admin' }),
      404
    )
    for (const body of [{ role: 'owner', teams: [team.id] }, { role: 'edit' }, { teams: [] }]) {
      await as.admin.submit('POST', `${url}/grants`, body)
      assert.isNotEmpty(await as.admin.flashedErrors(url), JSON.stringify(body))
    }
    await as.admin.submit('PATCH', `${url}/grants/teams/${team.id}`, { role: 'owner' })
    assert.property(await as.admin.flashedErrors(url), 'role')

    // Members who do not administer the space are refused; outsiders and guests do not see it.
    for (const role of ['create', 'edit', 'read'] as const) {
      await as[role].submit('POST', `${url}/grants`, {
        role: 'admin',
        users: [roster[role].user.id],
      })
      assert.equal(
        await as[role].flashedError(url, 'E_FORBIDDEN'),
        'Only admins of this space can do this'
      )
    }
    for (const role of ['guest', 'outsider'] as const) {
      assert.equal(
        await as[role].submitStatus('DELETE', `${url}/grants/teams/${team.id}`),
        404,
        role
      )
    }
    assert.deepEqual(await grantsOn('space_id', space.id), [{ to: team.id, role: 'review' }])

    // The same operations on a collection.
    const box = await collections.create(roster.admin.user, orgId, { title: 'Box' })
    const boxUrl = `/console/collections/${box.collection.id}`
    await as.admin.page(boxUrl)
    await as.admin.submit('POST', `${boxUrl}/grants`, {
      role: 'create',
      users: [roster.edit.user.id],
    })
    assert.deepEqual(await grantsOn('collection_id', box.collection.id), [
      { to: roster.edit.user.id, role: 'create' },
    ])
    await as.admin.submit('PATCH', `${boxUrl}/grants/users/${roster.edit.user.id}`, {
      role: 'read',
    })
    assert.deepEqual(await grantsOn('collection_id', box.collection.id), [
      { to: roster.edit.user.id, role: 'read' },
    ])
    await as.admin.submit('DELETE', `${boxUrl}/grants/users/${roster.edit.user.id}`)
    assert.deepEqual(await grantsOn('collection_id', box.collection.id), [])
    assert.equal(
      await as.outsider.submitStatus('POST', `${boxUrl}/grants`, {
        role: 'admin',
        users: [roster.outsider.user.id],
      }),
      404
    )
  })

  test('move, duplicate and transfer spaces and collections', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const { spaces, collections } = await services()
    const orgId = roster.organizationId
    const first = await spaces.create(roster.admin.user, orgId, { title: 'First' })
    const second = await spaces.create(roster.admin.user, orgId, { title: 'Second' })
    const box = await collections.create(roster.admin.user, orgId, { title: 'Box' })
    const inner = await collections.create(roster.admin.user, orgId, {
      title: 'Inner',
      parent: box.collection.id,
    })
    const foreign = await collections.create(roster.outsider.user, roster.outsider.organizationId, {
      title: 'Foreign',
    })
    const url = `/console/spaces/${second.space.id}`

    const page = await as.admin.page(url)
    const destinations = page.props.administration.destinations
    assert.deepEqual(
      destinations.map((destination: { title: string }) => destination.title),
      ['Top level', 'Box', 'Box / Inner']
    )
    assert.deepEqual(page.props.administration.organizations, [])

    const moved = await as.admin.submit('POST', `${url}/move`, { parent: box.collection.id })
    assert.equal(moved.location, url)
    assert.equal(await as.admin.notice(url), 'Space Second moved.')
    assert.equal(await valueOf('spaces', second.space.id, 'parent_id'), box.collection.id)
    await as.admin.submit('POST', `${url}/move`, {
      parent: null,
      position: { before: { type: 'space', space: first.space.id } },
    })
    const tree = await as.admin.page(`/console/orgs/${orgId}/spaces`)
    assert.deepEqual(
      tree.props.tree.map((node: { title: string }) => node.title),
      ['Second', 'First', 'Box']
    )

    // Refusals: somewhere else than a collection of this organization, or nowhere new.
    await as.admin.submit('POST', `${url}/move`, { parent: foreign.collection.id })
    assert.include(await as.admin.flashedError(url, 'E_BAD_REQUEST'), 'No collection with id')
    await as.admin.submit('POST', `${url}/move`, {})
    assert.include(
      await as.admin.flashedError(url, 'E_BAD_REQUEST'),
      'Give a parent, a position or both'
    )
    await as.admin.submit('POST', `${url}/move`, { parent: null })
    assert.include(await as.admin.flashedError(url, 'E_CONFLICT'), 'give a position')
    await as.edit.submit('POST', `${url}/move`, { parent: box.collection.id })
    assert.equal(
      await as.edit.flashedError(url, 'E_FORBIDDEN'),
      'Only admins of this space can do this'
    )
    assert.equal(await as.outsider.submitStatus('POST', `${url}/move`, { parent: null }), 404)
    assert.isNull(await valueOf('spaces', second.space.id, 'parent_id'))

    // A collection never moves into itself or below itself.
    const boxUrl = `/console/collections/${box.collection.id}`
    const boxPage = await as.admin.page(boxUrl)
    assert.deepEqual(
      boxPage.props.administration.destinations.map((d: { title: string }) => d.title),
      ['Top level']
    )
    await as.admin.submit('POST', `${boxUrl}/move`, { parent: inner.collection.id })
    assert.include(await as.admin.flashedError(boxUrl, 'E_BAD_REQUEST'), 'itself')
    const innerUrl = `/console/collections/${inner.collection.id}`
    await as.admin.page(innerUrl)
    await as.admin.submit('POST', `${innerUrl}/move`, { parent: null })
    assert.isNull(await valueOf('collections', inner.collection.id, 'parent_id'))

    // Duplicate: next to the original, for whoever may create there.
    const duplicated = await as.admin.submit('POST', `${url}/duplicate`)
    assert.match(duplicated.location, /^\/console\/spaces\/[A-Za-z0-9]{20}$/)
    assert.notEqual(duplicated.location, url)
    assert.equal(await as.admin.notice(duplicated.location), 'Space Second duplicated.')
    await as.read.page(`/console/spaces/${first.space.id}`)
    await as.read.submit('POST', `/console/spaces/${first.space.id}/duplicate`)
    assert.include(
      await as.read.flashedError(`/console/spaces/${first.space.id}`, 'E_FORBIDDEN'),
      'create role'
    )
    assert.equal(await as.outsider.submitStatus('POST', `${url}/duplicate`), 404)
    const [{ total }] = await db.from('spaces').where('organization_id', orgId).count('* as total')
    assert.equal(Number(total), 3)

    // Transfer: to another organization the admin also administers, never to others.
    await as.admin.submit('POST', `${url}/transfer`, {
      organization: roster.outsider.organizationId,
    })
    assert.equal(
      await as.admin.submitStatus('POST', `${url}/transfer`, {
        organization: roster.outsider.organizationId,
      }),
      404
    )
    assert.equal(await valueOf('spaces', second.space.id, 'organization_id'), orgId)
    await as.admin.submit('POST', `${url}/transfer`, { organization: orgId })
    assert.include(await as.admin.flashedError(url, 'E_CONFLICT'), 'already belongs')
    await createCaller({
      organizationId: roster.outsider.organizationId,
      role: 'admin',
      email: roster.admin.user.email,
    })
    const withTargets = await as.admin.page(url)
    assert.include(
      withTargets.props.administration.organizations.map((o: { id: string }) => o.id),
      roster.outsider.organizationId
    )
    const transferred = await as.admin.submit('POST', `${url}/transfer`, {
      organization: roster.outsider.organizationId,
    })
    assert.equal(transferred.location, url)
    assert.equal(
      await valueOf('spaces', second.space.id, 'organization_id'),
      roster.outsider.organizationId
    )

    await as.admin.submit('POST', `${innerUrl}/transfer`, {
      organization: roster.outsider.organizationId,
    })
    assert.equal(
      await valueOf('collections', inner.collection.id, 'organization_id'),
      roster.outsider.organizationId
    )
  })

  test('a space admin who is not an organization admin cannot transfer', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const { spaces } = await services()
    const { space } = await spaces.create(roster.create.user, roster.organizationId, {
      title: 'Mine',
    })
    const url = `/console/spaces/${space.id}`
    const page = await as.create.page(url)
    assert.deepEqual(page.props.administration.organizations, [])
    await as.create.submit('POST', `${url}/transfer`, {
      organization: roster.outsider.organizationId,
    })
    assert.equal(
      await as.create.flashedError(url, 'E_FORBIDDEN'),
      'Only admins of the organization can transfer its spaces'
    )
  })

  test('the trash lists restorable spaces; restore within 7 days only', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const { spaces } = await services()
    const orgId = roster.organizationId
    const recent = await spaces.create(roster.admin.user, orgId, { title: 'Recent' })
    const old = await spaces.create(roster.admin.user, orgId, { title: 'Old' })
    const trashUrl = `/console/orgs/${orgId}/trash`

    await as.admin.page(`/console/spaces/${recent.space.id}`)
    assert.equal(await as.admin.submitStatus('DELETE', `/console/spaces/${recent.space.id}`), 303)
    await spaces.delete(old)
    await db
      .from('spaces')
      .where('id', old.space.id)
      .update({ deleted_at: toSqlTimestamp(DateTime.utc().minus({ days: 8 })) })

    const trash = await as.admin.page(trashUrl)
    assert.equal(trash.component, 'spaces/trash')
    assert.deepEqual(
      trash.props.spaces.map((space: { title: string }) => space.title),
      ['Recent']
    )
    assert.equal(trash.props.retentionDays, 7)
    assert.deepEqual(await prop(as.read, trashUrl, 'spaces'), [])
    assert.equal(await as.outsider.status(trashUrl), 404)

    for (const role of ['read', 'edit'] as const) {
      await as[role].submit('POST', `/console/spaces/${recent.space.id}/restore`)
      assert.equal(
        await as[role].flashedError(trashUrl, 'E_FORBIDDEN'),
        'Only admins of this space can do this'
      )
    }
    assert.equal(
      await as.outsider.submitStatus('POST', `/console/spaces/${recent.space.id}/restore`),
      404
    )
    assert.isNotNull(await valueOf('spaces', recent.space.id, 'deleted_at'))

    const restored = await as.admin.submit('POST', `/console/spaces/${recent.space.id}/restore`)
    assert.equal(restored.location, `/console/spaces/${recent.space.id}`)
    assert.equal(await as.admin.notice(restored.location), 'Space Recent restored.')
    assert.isNull(await valueOf('spaces', recent.space.id, 'deleted_at'))
    assert.equal(
      await as.admin.submitStatus('POST', `/console/spaces/${recent.space.id}/restore`),
      404
    )

    // Older than 7 days: not restorable (the service purges it).
    assert.equal(
      await as.admin.submitStatus('POST', `/console/spaces/${old.space.id}/restore`),
      404
    )
    assert.isNull(await spaceRow(old.space.id))
  })

  test('PDF export of a space and a change request for signed-in readers', async ({
    assert,
    client,
  }) => {
    const { roster } = await signedInRoster(client)
    const { spaces } = await services()
    const { space } = await spaces.create(roster.admin.user, roster.organizationId, {
      title: 'Printed',
    })
    const pdfUrl = `/console/spaces/${space.id}/pdf`

    const redirect = await client
      .get(pdfUrl)
      .withGuard('web')
      .loginAs(roster.read.user)
      .redirects(0)
    assert.equal(redirect.status(), 302)
    const location = new URL(redirect.header('location')!)
    assert.match(location.pathname, new RegExp(`^/pdf/spaces/${space.id}/revisions/`))
    const pdf = await client.get(`${location.pathname}${location.search}`)
    assert.equal(pdf.status(), 200)
    assert.equal(pdf.header('content-type'), 'application/pdf')

    for (const user of [roster.guest.user, roster.outsider.user]) {
      const refused = await client.get(pdfUrl).withGuard('web').loginAs(user).redirects(0)
      assert.equal(refused.status(), 404)
    }
    const signedOut = await client.get(pdfUrl).redirects(0)
    assert.equal(signedOut.status(), 302)
    assert.include(signedOut.header('location'), '/console/login')
    const changeRequest = await createChangeRequest(client, roster.admin, space.id, {
      subject: 'Draft',
    })
    const crRedirect = await client
      .get(`/console/spaces/${space.id}/change-requests/${changeRequest.number}/pdf`)
      .withGuard('web')
      .loginAs(roster.read.user)
      .redirects(0)
    assert.equal(crRedirect.status(), 302)
    const crLocation = new URL(crRedirect.header('location')!)
    assert.equal(crLocation.searchParams.get('title'), 'Draft')
    const crPdf = await client.get(`${crLocation.pathname}${crLocation.search}`)
    assert.equal(crPdf.header('content-type'), 'application/pdf')
    const unknown = await client
      .get(`/console/spaces/${space.id}/change-requests/999/pdf`)
      .withGuard('web')
      .loginAs(roster.read.user)
      .redirects(0)
    assert.equal(unknown.status(), 404)
  })
})
