import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { toBoolean } from '#core/database/columns'
import { eachTestInTransaction } from '#tests/helpers/callers'
import type { MatrixRole } from '#tests/helpers/roles'
import { signedInRoster } from './console_visitor.js'

async function organizationRow(id: string) {
  return db.from('organizations').where('id', id).first()
}

async function domainsOf(organizationId: string) {
  const rows = await db
    .from('organization_email_domains')
    .where('organization_id', organizationId)
    .orderBy('id', 'asc')
  return rows.map((row) => row.domain)
}

test.group('Console organization settings', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console']))

  test('admins get the form and save every setting at once; others read', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const url = `/console/orgs/${roster.organizationId}`

    const pages: Record<MatrixRole, [status: number, canEdit?: boolean]> = {
      admin: [200, true],
      create: [200, false],
      edit: [200, false],
      read: [200, false],
      guest: [200, false],
      outsider: [404],
    }
    for (const role of Object.keys(pages) as MatrixRole[]) {
      const [status, canEdit] = pages[role]
      const page = await as[role].page(url)
      assert.equal(page.status, status, role)
      if (canEdit === undefined) continue
      assert.equal(page.props.navigation.canEdit, canEdit, role)
      assert.equal(page.props.navigation.sso, canEdit, role)
      assert.equal(page.props.navigation.translations, role !== 'guest', role)
    }

    await as.admin.page(url)
    const saved = await as.admin.submit('PATCH', url, {
      title: '  Acme Docs  ',
      hostname: 'Acme-Docs',
      emailDomains: 'Example.com\nacme.test, example.com',
      defaultRole: 'edit',
      logo: 'https://acme.test/logo.png',
      inviteLinks: false,
      ai: true,
      sso: true,
    })
    assert.equal(saved.status, 303)
    assert.equal(saved.location, url)
    const { notice, page } = await as.admin.flashed(url)
    assert.equal(notice, 'Organization settings saved.')
    assert.containsSubset(page.props.organization, {
      title: 'Acme Docs',
      hostname: 'acme-docs',
      emailDomains: ['example.com', 'acme.test'],
      defaultRole: 'edit',
      logoUrl: 'https://acme.test/logo.png',
      inviteLinks: false,
      ai: true,
      // Not a field of this form: single sign-on is required from its own page.
      sso: false,
    })

    // Emptied: no default role, no logo, no domains; an empty hostname keeps the current one.
    await as.admin.submit('PATCH', url, {
      title: 'Acme Docs',
      hostname: '',
      emailDomains: '',
      defaultRole: '',
      logo: '',
      inviteLinks: true,
      ai: false,
    })
    const row = await organizationRow(roster.organizationId)
    assert.equal(row.hostname, 'acme-docs')
    assert.isNull(row.default_role)
    assert.isNull(row.logo_url)
    assert.isTrue(toBoolean(row.invite_links))
    assert.deepEqual(await domainsOf(roster.organizationId), [])
  })

  test('bad input is an error of its field, and nothing changes', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const url = `/console/orgs/${roster.organizationId}`
    const before = await organizationRow(roster.organizationId)
    await as.admin.page(url)

    await as.admin.submit('PATCH', url, { title: '', emailDomains: 'example.com' })
    let errors = await as.admin.flashedErrors(url)
    assert.equal(errors.title, 'Title must be at least 2 characters long.')

    await as.admin.submit('PATCH', url, { title: 'x'.repeat(256) })
    errors = await as.admin.flashedErrors(url)
    assert.match(String(errors.title), /^Title must be at most 255 characters long/)

    await as.admin.submit('PATCH', url, {
      title: 'Renamed',
      emailDomains: 'example.com\nnot a domain@x\nexample.org',
    })
    errors = await as.admin.flashedErrors(url)
    assert.match(String(errors.emailDomains), /"not" is not an e-mail domain/)
    assert.deepEqual(Object.keys(errors), ['emailDomains'])

    await as.admin.submit('PATCH', url, { title: 'Renamed', defaultRole: 'owner' })
    errors = await as.admin.flashedErrors(url)
    assert.match(String(errors.defaultRole), /default role/i)

    await as.admin.submit('PATCH', url, { title: 'Renamed', logo: 'not a url' })
    errors = await as.admin.flashedErrors(url)
    assert.match(String(errors.logo), /^Logo URL must be a web address/)

    const after = await organizationRow(roster.organizationId)
    assert.equal(after.title, before.title)
    assert.deepEqual(await domainsOf(roster.organizationId), [])
  })

  test('only admins change settings; other organizations are not found', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const url = `/console/orgs/${roster.organizationId}`
    const { title } = await organizationRow(roster.organizationId)

    for (const role of ['create', 'read', 'guest'] as const) {
      await as[role].page(url)
      assert.equal(await as[role].submitStatus('PATCH', url, { title: 'Taken over' }), 303)
      const errors = await as[role].flashedErrors(url)
      assert.equal(
        errors.E_FORBIDDEN,
        'Only admins of this organization can change its settings',
        role
      )
      assert.equal(
        await as[role].submitStatus('PATCH', `${url}/sso`, { sso: true }),
        303,
        `${role} sso`
      )
    }
    assert.equal(await as.outsider.submitStatus('PATCH', url, { title: 'Taken over' }), 404)
    assert.equal(await as.outsider.submitStatus('PATCH', `${url}/sso`, { sso: true }), 404)
    assert.equal(await as.admin.submitStatus('PATCH', '/console/orgs/nope', { title: 'Ab' }), 404)
    const row = await organizationRow(roster.organizationId)
    assert.equal(row.title, title)
    assert.isFalse(toBoolean(row.sso))
  })

  test('admins require single sign-on and stop requiring it', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const sso = `/console/orgs/${roster.organizationId}/sso`
    await as.admin.page(sso)

    await as.admin.submit('PATCH', sso, { sso: true })
    const { notice, page } = await as.admin.flashed(sso)
    assert.match(notice, /now required/)
    assert.isTrue(page.props.ssoRequired)

    await as.admin.submit('PATCH', sso, { sso: false })
    assert.match(await as.admin.notice(sso), /no longer required/)
    const row = await organizationRow(roster.organizationId)
    assert.isFalse(toBoolean(row.sso))

    await as.admin.submit('PATCH', sso, {})
    assert.property(await as.admin.flashedErrors(sso), 'sso')
    await as.admin.submit('PATCH', sso, { sso: 'yes' })
    assert.property(await as.admin.flashedErrors(sso), 'sso')
  })
})

test.group('Console translation settings', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console']))

  test('members with a role read them; admins create, change and delete them', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const list = `/console/orgs/${roster.organizationId}/translations`

    await as.admin.page(list)
    await as.admin.submit('POST', list, { title: 'Europe', languages: ['fr', 'de'] })
    assert.equal(await as.admin.notice(list), 'Translation settings Europe created.')
    const [row] = await db
      .from('translation_settings')
      .where('organization_id', roster.organizationId)
    const item = `${list}/${row.id}`

    const pages: Record<MatrixRole, [status: number, canManage?: boolean]> = {
      admin: [200, true],
      create: [200, false],
      edit: [200, false],
      read: [200, false],
      guest: [403],
      outsider: [404],
    }
    for (const role of Object.keys(pages) as MatrixRole[]) {
      const [status, canManage] = pages[role]
      const page = await as[role].page(list)
      assert.equal(page.status, status, role)
      if (canManage === undefined) continue
      assert.equal(page.props.canManage, canManage, role)
      assert.deepEqual(page.props.settings, [
        {
          id: row.id,
          title: 'Europe',
          languages: ['fr', 'de'],
          updatedAt: page.props.settings[0].updatedAt,
        },
      ])
    }

    await as.admin.page(list)
    await as.admin.submit('PUT', item, { title: 'Asia', languages: ['ja', 'zh-tw'] })
    const { notice, page } = await as.admin.flashed(list)
    assert.equal(notice, 'Translation settings Asia saved.')
    assert.containsSubset(page.props.settings[0], { title: 'Asia', languages: ['ja', 'zh-tw'] })

    await as.admin.submit('PUT', item, { title: '', languages: ['xx'] })
    const errors = await as.admin.flashedErrors(list)
    assert.property(errors, 'title')
    assert.isTrue(
      Object.keys(errors).some((field) => field.startsWith('languages')),
      JSON.stringify(errors)
    )

    for (const role of ['create', 'read'] as const) {
      await as[role].page(list)
      await as[role].submit('POST', list, { title: 'Mine' })
      assert.equal(
        await as[role].flashedError(list, 'E_FORBIDDEN'),
        'Only admins of this organization can manage its translation settings'
      )
      await as[role].submit('DELETE', item)
    }

    // Another organization's admin does not find it, here or through their own organization.
    assert.equal(await as.outsider.submitStatus('DELETE', item), 404)
    const own = `/console/orgs/${roster.outsider.organizationId}/translations/${row.id}`
    assert.equal(await as.outsider.submitStatus('PUT', own, { title: 'Stolen' }), 404)
    assert.equal(await as.outsider.submitStatus('DELETE', own), 404)

    await as.admin.page(list)
    await as.admin.submit('DELETE', item)
    assert.equal(await as.admin.notice(list), 'Translation settings Asia deleted.')
    assert.isNull(await db.from('translation_settings').where('id', row.id).first())
    assert.equal(await as.admin.submitStatus('DELETE', item), 404)
  })
})
