import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import SpaceService from '#spaces/services/space_service'
import CollectionService from '#spaces/services/collection_service'
import GrantService from '#spaces/services/grant_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import TeamService from '#organizations/services/team_service'
import OrganizationService from '#organizations/services/organization_service'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { MATRIX, type MatrixRole } from '../organizations/roster.js'
import { signedInRoster } from './console_visitor.js'

/**
 * A user's role in the organization (null: a guest), undefined when they are not a member.
 */
async function memberRole(organizationId: string, userId: string) {
  const row = await db
    .from('organization_members')
    .where({ organization_id: organizationId, user_id: userId })
    .first()
  return row ? (row.role as string | null) : undefined
}

async function rowsOf(table: 'teams' | 'spaces', organizationId: string) {
  const [row] = await db.from(table).where('organization_id', organizationId).count('* as total')
  return Number(row.total)
}

async function services() {
  return {
    spaces: await app.container.make(SpaceService),
    collections: await app.container.make(CollectionService),
    grants: await app.container.make(GrantService),
    access: await app.container.make(SpaceAccessService),
  }
}

test.group('Console members page', (group) => {
  eachTestInTransaction(group)

  test('who may open it, and who gets the controls', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const url = `/console/orgs/${roster.organizationId}/members`
    const expected: Record<MatrixRole, { status: number; component: string; canManage?: boolean }> =
      {
        admin: { status: 200, component: 'members/index', canManage: true },
        create: { status: 200, component: 'members/index', canManage: false },
        edit: { status: 200, component: 'members/index', canManage: false },
        read: { status: 200, component: 'members/index', canManage: false },
        guest: { status: 403, component: 'errors/error' },
        outsider: { status: 404, component: 'errors/not_found' },
      }
    for (const role of MATRIX) {
      const page = await as[role].page(url)
      assert.equal(page.status, expected[role].status, role)
      assert.equal(page.component, expected[role].component, role)
      if (expected[role].canManage !== undefined) {
        page.response.assertInertiaPropsContains({
          canManage: expected[role].canManage,
          count: 5,
          organization: { permissions: { listMembers: true } },
        })
      }
    }
    const guestPage = await as.guest.page(url)
    guestPage.response.assertInertiaPropsContains({
      message: 'Guests of this organization cannot list its members',
    })
    const organization = await as.guest.page(`/console/orgs/${roster.organizationId}`)
    organization.response.assertInertiaPropsContains({
      header: { permissions: { listMembers: false } },
    })
    assert.notInclude(JSON.stringify(await as.outsider.page(url)), roster.read.email)
  })

  // Search is case-insensitive, with wildcards taken literally.
  test('member search, role filter and keyset pages', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const url = `/console/orgs/${roster.organizationId}/members`

    const search = await as.read.page(
      `${url}?search=${encodeURIComponent(roster.edit.email.toUpperCase())}`
    )
    assert.deepEqual(
      search.props.members.map((member: any) => member.id),
      [roster.edit.user.id]
    )
    assert.deepEqual(search.props.filters, { search: roster.edit.email.toUpperCase(), role: '' })
    for (const wildcard of ['%', '_____%']) {
      const literal = await as.read.page(`${url}?search=${encodeURIComponent(wildcard)}`)
      assert.equal(literal.props.count, 0, wildcard)
    }

    const guests = await as.admin.page(`${url}?role=guest`)
    assert.deepEqual(
      guests.props.members.map((member: any) => [member.id, member.role]),
      [[roster.guest.user.id, null]]
    )

    const seen: string[] = []
    let page = await as.admin.page(`${url}?limit=2`)
    assert.equal(page.props.count, 5)
    for (;;) {
      seen.push(...page.props.members.map((member: any) => member.id))
      if (!page.props.nextPage) break
      page = await as.admin.page(`${url}?limit=2&page=${encodeURIComponent(page.props.nextPage)}`)
    }
    // Newest first (joinedAt desc), each member once.
    assert.deepEqual(
      seen,
      [roster.guest, roster.read, roster.edit, roster.create, roster.admin].map((c) => c.user.id)
    )

    for (const query of [
      'limit=1001',
      'role=owner',
      'limit=abc',
      'page=not-a-cursor',
      `search=${'x'.repeat(257)}`,
    ]) {
      const refused = await as.admin.page(`${url}?${query}`)
      assert.equal(refused.status, 400, query)
      assert.equal(refused.component, 'errors/error', query)
    }
  })

  // Others are refused.
  test('admins change roles; the last admin stays', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const url = `/console/orgs/${roster.organizationId}/members`
    const roleOf = async (userId: string) =>
      (await memberRole(roster.organizationId, userId)) ?? null

    await as.admin.page(url)
    const changed = await as.admin.submit('PATCH', `${url}/${roster.read.user.id}`, {
      role: 'edit',
    })
    assert.equal(changed.status, 303)
    assert.equal(changed.location, url)
    assert.equal(await roleOf(roster.read.user.id), 'edit')
    assert.equal(await as.admin.notice(url), `${roster.read.user.displayName} is now edit.`)

    const guest = await as.admin.submit('PATCH', `${url}/${roster.read.user.id}`, { role: null })
    assert.equal(guest.status, 303)
    assert.isNull(await roleOf(roster.read.user.id))

    for (const role of ['create', 'edit', 'read'] as const) {
      const refused = await as[role].submit('PATCH', `${url}/${roster.guest.user.id}`, {
        role: 'admin',
      })
      assert.equal(refused.status, 303, role)
      const { errors } = await as[role].flashed(url)
      assert.equal(
        errors.E_FORBIDDEN,
        'Only admins of this organization can manage its members',
        role
      )
    }
    assert.isNull(await roleOf(roster.guest.user.id))
    const outsider = await as.outsider.submit('PATCH', `${url}/${roster.guest.user.id}`, {
      role: 'admin',
    })
    assert.equal(outsider.status, 404)

    const lastAdmin = await as.admin.submit('PATCH', `${url}/${roster.admin.user.id}`, {
      role: 'read',
    })
    assert.equal(lastAdmin.status, 303)
    assert.match(
      await as.admin.flashedError(url, 'E_CONFLICT'),
      /The last admin of an organization cannot be demoted/
    )
    assert.equal(await roleOf(roster.admin.user.id), 'admin')

    for (const body of [{}, { role: 'owner' }, { role: 7 }, { role: ['admin'] }]) {
      const invalid = await as.admin.submit('PATCH', `${url}/${roster.create.user.id}`, body)
      assert.equal(invalid.status, 303)
      const { errors } = await as.admin.flashed(url)
      assert.properties(errors, ['role'], JSON.stringify(body))
    }
    assert.equal(await roleOf(roster.create.user.id), 'create')

    const unknown = await as.admin.submit('PATCH', `${url}/NoSuchUser0000000000`, { role: 'read' })
    assert.equal(unknown.status, 404)
    const other = await as.admin.submit('PATCH', `${url}/${roster.outsider.user.id}`, {
      role: 'read',
    })
    assert.equal(other.status, 404)
  })

  // The last admin cannot be removed; CSRF is required.
  test('admins remove members and anyone leaves', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const url = `/console/orgs/${roster.organizationId}/members`
    const isMember = async (userId: string) =>
      (await memberRole(roster.organizationId, userId)) !== undefined

    const withoutToken = await as.admin.submit(
      'DELETE',
      `${url}/${roster.read.user.id}`,
      undefined,
      { csrf: false }
    )
    assert.notEqual(withoutToken.status, 200)
    assert.isTrue(await isMember(roster.read.user.id))

    const refused = await as.edit.submit('DELETE', `${url}/${roster.read.user.id}`)
    assert.equal(refused.status, 303)
    assert.equal(
      await as.edit.flashedError(url, 'E_FORBIDDEN'),
      'Only admins of this organization can remove other members'
    )
    assert.isTrue(await isMember(roster.read.user.id))

    const removed = await as.admin.submit('DELETE', `${url}/${roster.read.user.id}`)
    assert.equal(removed.status, 303)
    assert.isFalse(await isMember(roster.read.user.id))

    const left = await as.guest.submit('DELETE', `${url}/${roster.guest.user.id}`)
    assert.equal(left.status, 303)
    assert.equal(left.location, '/console')
    assert.isFalse(await isMember(roster.guest.user.id))

    const last = await as.admin.submit('DELETE', `${url}/${roster.admin.user.id}`)
    assert.equal(last.status, 303)
    assert.match(await as.admin.flashedError(url, 'E_CONFLICT'), /cannot be removed/)
    assert.isTrue(await isMember(roster.admin.user.id))

    const malformed = await as.admin.submit('PATCH', `${url}/${roster.edit.user.id}`, undefined, {
      raw: '{"role": "read"',
    })
    assert.isAtLeast(malformed.status, 300)
    assert.equal(await memberRole(roster.organizationId, roster.edit.user.id), 'edit')
  })
})

test.group('Console teams pages', (group) => {
  eachTestInTransaction(group)

  // Owners rename and manage members; others read.
  test('admins create and delete teams; owners manage them', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const teamsUrl = `/console/orgs/${roster.organizationId}/teams`

    for (const role of ['create', 'edit', 'read'] as const) {
      const refused = await as[role].submit('POST', teamsUrl, { title: `By ${role}` })
      assert.equal(refused.status, 302, role)
      assert.equal(
        await as[role].flashedError(teamsUrl, 'E_FORBIDDEN'),
        'Only admins of this organization can create teams'
      )
    }
    assert.equal(await as.guest.status(teamsUrl), 403)
    assert.equal(await as.outsider.status(teamsUrl), 404)
    assert.equal(await rowsOf('teams', roster.organizationId), 0)

    for (const title of ['', '   ', 'x'.repeat(65)]) {
      const invalid = await as.admin.submit('POST', teamsUrl, { title })
      assert.equal(invalid.status, 302)
      assert.properties(await as.admin.flashedErrors(teamsUrl), ['title'], title)
    }

    const created = await as.admin.submit('POST', teamsUrl, { title: '  Writers  ' })
    assert.equal(created.status, 302)
    const teamUrl = created.location
    const teamId = teamUrl.split('/').pop()!
    assert.equal(teamUrl, `${teamsUrl}/${teamId}`)
    const team = await as.admin.page(teamUrl)
    assert.equal(team.component, 'teams/show')
    team.response.assertInertiaPropsContains({
      team: { title: 'Writers', canManage: true },
      canDelete: true,
    })

    // The admin makes `edit` an owner, by e-mail address in any case.
    const owner = await as.admin.submit('POST', `${teamUrl}/members`, {
      email: roster.edit.email.toUpperCase(),
      role: 'owner',
    })
    assert.equal(owner.status, 302)
    const asOwner = await as.edit.page(teamUrl)
    // Owners may delete their team, as the API allows.
    asOwner.response.assertInertiaPropsContains({
      team: { canManage: true, yourRole: 'owner' },
      canDelete: true,
    })

    // The owner renames and adds a member; unknown addresses and bad input are refused.
    assert.equal(await as.edit.submitStatus('PATCH', teamUrl, { title: 'Editors' }), 303)
    assert.equal(
      await as.edit.submitStatus('POST', `${teamUrl}/members`, { email: roster.read.email }),
      302
    )
    const unknown = await as.edit.submit('POST', `${teamUrl}/members`, {
      email: roster.outsider.email,
    })
    assert.equal(unknown.status, 302)
    assert.include(
      await as.edit.flashedError(teamUrl, 'E_BAD_REQUEST'),
      'no member of this organization is named'
    )
    for (const body of [
      { email: 'not-an-address' },
      { email: roster.read.email, role: 'boss' },
      {},
      { email: 5 },
    ]) {
      await as.edit.submit('POST', `${teamUrl}/members`, body)
      assert.isNotEmpty(await as.edit.flashedErrors(teamUrl), JSON.stringify(body))
    }
    const members = await as.read.page(teamUrl)
    members.response.assertInertiaPropsContains({ team: { title: 'Editors', canManage: false } })
    assert.sameDeepMembers(
      members.props.members.map((member: any) => [member.id, member.teamRole]),
      [
        [roster.edit.user.id, 'owner'],
        [roster.read.user.id, 'member'],
      ]
    )

    // A reader may neither manage nor delete the team.
    await as.read.submit('DELETE', `${teamUrl}/members/${roster.edit.user.id}`)
    assert.equal(
      await as.read.flashedError(teamUrl, 'E_FORBIDDEN'),
      'Only admins of this organization and owners of this team can manage it'
    )
    await as.read.submit('DELETE', teamUrl)
    assert.equal(
      await as.read.flashedError(teamUrl, 'E_FORBIDDEN'),
      'Only admins of this organization and owners of this team can manage it'
    )

    assert.equal(
      await as.edit.submitStatus('DELETE', `${teamUrl}/members/${roster.read.user.id}`),
      303
    )
    const deleted = await as.admin.submit('DELETE', teamUrl)
    assert.equal(deleted.status, 303)
    assert.equal(deleted.location, teamsUrl)
    assert.isNull((await db.from('teams').where('id', teamId).first()) ?? null)

    // Another organization's team, or an unknown one, is not found.
    const outsiderUser = await User.findOrFail(roster.outsider.user.id)
    const access = await new OrganizationService().accessFor(
      outsiderUser,
      roster.outsider.organizationId
    )
    const foreign = await new TeamService().create(outsiderUser, access, { title: 'Theirs' })
    assert.equal(await as.admin.status(`${teamsUrl}/${foreign.id}`), 404)
    assert.equal(
      await as.admin.submitStatus('PATCH', `${teamsUrl}/${foreign.id}`, { title: 'Mine' }),
      404
    )
    assert.equal(await as.admin.status(`${teamsUrl}/NoSuchTeam0000000000`), 404)
  })
})

test.group('Console spaces pages', (group) => {
  eachTestInTransaction(group)

  test('the tree is nested and in order, as each role sees it', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const { spaces, collections, grants } = await services()
    const admin = roster.admin.user
    const orgId = roster.organizationId
    const guides = await collections.create(admin, orgId, { title: 'Guides' })
    const first = await spaces.create(admin, orgId, { title: 'First' })
    const inner = await collections.create(admin, orgId, {
      title: 'Inner',
      parent: guides.collection.id,
    })
    const deep = await spaces.create(admin, orgId, { title: 'Deep', parent: inner.collection.id })
    const intro = await spaces.create(admin, orgId, {
      title: 'Intro',
      parent: guides.collection.id,
    })
    await grants.setUser(
      {
        kind: 'space',
        id: deep.space.id,
        organizationId: orgId,
        parentId: inner.collection.id,
        defaultLevel: null,
      },
      roster.guest.user.id,
      'read'
    )

    const url = `/console/orgs/${orgId}/spaces`
    const shape = (nodes: any[]): any[] =>
      nodes.map((node) => (node.type === 'space' ? node.title : [node.title, shape(node.children)]))
    const tree = await as.read.page(url)
    assert.equal(tree.component, 'spaces/index')
    assert.deepEqual(shape(tree.props.tree), [['Guides', [['Inner', ['Deep']], 'Intro']], 'First'])
    assert.deepEqual(tree.props.targets, { root: false, collections: [] })

    const adminTree = await as.admin.page(url)
    assert.isTrue(adminTree.props.targets.root)
    assert.sameMembers(
      adminTree.props.targets.collections.map((collection: any) => collection.title),
      ['Guides', 'Inner']
    )
    const createTree = await as.create.page(url)
    assert.isTrue(createTree.props.targets.root)

    // The guest sees only what is shared with them, at the top level.
    const guestTree = await as.guest.page(url)
    assert.deepEqual(shape(guestTree.props.tree), ['Deep'])
    assert.deepEqual(guestTree.props.targets, { root: false, collections: [] })
    const guestSpace = await as.guest.page(`/console/spaces/${deep.space.id}`)
    assert.deepEqual(guestSpace.props.parent, { id: inner.collection.id, title: null })
    assert.isFalse(guestSpace.props.canManage)
    assert.equal(await as.guest.status(`/console/spaces/${first.space.id}`), 404)
    assert.equal(await as.guest.status(`/console/collections/${guides.collection.id}`), 404)

    assert.equal(await as.outsider.status(url), 404)
    assert.equal(await as.outsider.status(`/console/spaces/${intro.space.id}`), 404)

    const collection = await as.edit.page(`/console/collections/${guides.collection.id}`)
    assert.equal(collection.component, 'collections/show')
    assert.deepEqual(shape(collection.props.children), [['Inner', ['Deep']], 'Intro'])
    collection.response.assertInertiaPropsContains({ canManage: false, canCreate: false })
  })

  test('creating spaces and collections follows the API rules', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const orgId = roster.organizationId
    const url = `/console/orgs/${orgId}/spaces`
    const { collections, grants } = await services()
    const countSpaces = () => rowsOf('spaces', orgId)

    const created = await as.create.submit('POST', url, {
      title: 'By create',
      emoji: '',
      parent: '',
    })
    assert.equal(created.status, 302)
    const spaceId = created.location.split('/').pop()!
    const space = await as.create.page(`/console/spaces/${spaceId}`)
    space.response.assertInertiaPropsContains({
      space: { title: 'By create', emoji: null },
      canManage: true,
    })

    for (const role of ['edit', 'read', 'guest'] as const) {
      const refused = await as[role].submit('POST', url, { title: `By ${role}` })
      assert.equal(refused.status, 302, role)
      assert.equal(
        await as[role].flashedError(url, 'E_FORBIDDEN'),
        'Creating content at the root of the organization needs the create role or above'
      )
    }
    assert.equal(await as.outsider.submitStatus('POST', url, { title: 'Outsider' }), 404)
    assert.equal(await countSpaces(), 1)

    // An edit member with a create grant on a collection creates inside it, not elsewhere.
    const box = await collections.create(roster.admin.user, orgId, { title: 'Box' })
    await grants.setUser(
      {
        kind: 'collection',
        id: box.collection.id,
        organizationId: orgId,
        parentId: null,
        defaultLevel: null,
      },
      roster.edit.user.id,
      'create'
    )
    const inside = await as.edit.submit('POST', `/console/orgs/${orgId}/collections`, {
      title: 'Sub',
      parent: box.collection.id,
    })
    assert.equal(inside.status, 302)
    assert.match(inside.location, /^\/console\/collections\/[A-Za-z0-9]{20}$/)
    const editTree = await as.edit.page(url)
    assert.deepEqual(editTree.props.targets.collections.map((c: any) => c.title).sort(), [
      'Box',
      'Sub',
    ])

    for (const body of [
      { title: 'x'.repeat(51) },
      { title: 5 },
      { editMode: 'frozen' },
      { parent: 'NoSuchCollection0000' },
    ]) {
      const invalid = await as.admin.submit('POST', url, body)
      assert.equal(invalid.status, 302, JSON.stringify(body))
      const { errors } = await as.admin.flashed(url)
      assert.isNotEmpty(errors, JSON.stringify(body))
    }
    assert.equal(await countSpaces(), 1)
  })

  // in-collection needs a collection.
  test('space settings: admins only, validated', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const { spaces } = await services()
    const root = await spaces.create(roster.admin.user, roster.organizationId, {
      title: 'Root space',
    })
    const url = `/console/spaces/${root.space.id}`

    const page = await as.admin.page(url)
    assert.notInclude(page.props.visibilities, 'in-collection')
    assert.deepEqual(page.props.editModes, ['live', 'locked'])

    for (const role of ['create', 'edit', 'read'] as const) {
      const refused = await as[role].submit('PATCH', url, { title: 'Taken' })
      assert.equal(refused.status, 303, role)
      assert.equal(
        await as[role].flashedError(url, 'E_FORBIDDEN'),
        'Only admins of this space can do this'
      )
    }
    assert.equal(await as.guest.submitStatus('PATCH', url, { title: 'Taken' }), 404)
    assert.equal(await as.outsider.submitStatus('PATCH', url, { title: 'Taken' }), 404)

    for (const body of [
      { title: '' },
      { title: 'x'.repeat(51) },
      { visibility: 'everyone' },
      { defaultLevel: 'owner' },
      { editMode: 1 },
    ]) {
      await as.admin.submit('PATCH', url, body)
      const { errors } = await as.admin.flashed(url)
      assert.properties(errors, Object.keys(body), JSON.stringify(body))
    }
    await as.admin.submit('PATCH', url, { visibility: 'in-collection' })
    assert.include(
      await as.admin.flashedError(url, 'E_BAD_REQUEST'),
      'only available for spaces inside a collection'
    )

    const saved = await as.admin.submit('PATCH', url, {
      title: 'Renamed',
      emoji: '1f4d8',
      visibility: 'unlisted',
      editMode: 'locked',
      defaultLevel: 'comment',
    })
    assert.equal(saved.status, 303)
    const row = await db.from('spaces').where('id', root.space.id).first()
    assert.deepInclude(row, {
      title: 'Renamed',
      emoji: '1f4d8',
      visibility: 'unlisted',
      edit_mode: 'locked',
      default_level: 'comment',
    })
    await as.admin.submit('PATCH', url, { emoji: '', defaultLevel: '' })
    const cleared = await db.from('spaces').where('id', root.space.id).first()
    assert.isNull(cleared.emoji)
    assert.isNull(cleared.default_level)
    assert.equal(cleared.title, 'Renamed')

    const deleted = await as.admin.submit('DELETE', url)
    assert.equal(deleted.status, 303)
    assert.equal(deleted.location, `/console/orgs/${roster.organizationId}/spaces`)
    assert.equal(await as.admin.status(url), 404)
    assert.equal(await as.admin.submitStatus('DELETE', url), 404)
  })

  test('collections: settings for admins, delete only when empty', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const { spaces, collections } = await services()
    const box = await collections.create(roster.admin.user, roster.organizationId, { title: 'Box' })
    const inside = await spaces.create(roster.admin.user, roster.organizationId, {
      title: 'Inside',
      parent: box.collection.id,
    })
    const url = `/console/collections/${box.collection.id}`

    await as.edit.submit('PATCH', url, { title: 'Mine' })
    assert.equal(
      await as.edit.flashedError(url, 'E_FORBIDDEN'),
      'Only admins of this collection can do this'
    )
    await as.admin.submit('PATCH', url, { description: 'x'.repeat(101) })
    assert.properties(await as.admin.flashedErrors(url), ['description'])
    const saved = await as.admin.submit('PATCH', url, {
      title: 'Crate',
      description: 'Things',
      defaultLevel: 'edit',
    })
    assert.equal(saved.status, 303)
    const row = await db.from('collections').where('id', box.collection.id).first()
    assert.deepInclude(row, { title: 'Crate', description: 'Things', default_level: 'edit' })
    // The default level opens the collection's content to `read` members as editors.
    const insideAsReader = await as.read.page(`/console/spaces/${inside.space.id}`)
    assert.equal(insideAsReader.props.space.role, 'edit')

    await as.admin.submit('DELETE', url)
    assert.include(
      await as.admin.flashedError(url, 'E_CONFLICT'),
      'still holds spaces or collections'
    )
    assert.isNotNull(await db.from('collections').where('id', box.collection.id).first())

    const { access } = await services()
    await spaces.delete(await access.spaceFor(roster.admin.user.id, inside.space.id))
    const deleted = await as.admin.submit('DELETE', url)
    assert.equal(deleted.status, 303)
    assert.isNull((await db.from('collections').where('id', box.collection.id).first()) ?? null)
  })
})
