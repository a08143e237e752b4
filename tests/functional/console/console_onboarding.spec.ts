import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import User from '#accounts/models/user'
import { eachTestInTransaction, createCaller } from '#tests/helpers/callers'
import { SIGN_UPS, signUpKey } from '#console/services/sign_in_service'
import { ConsoleVisitor } from './console_visitor.js'

/**
 * A signed-out visitor of the console: pages as Inertia reads them, forms with a CSRF token (the
 * session's cookies carried from one request to the next, as a browser would).
 */
class SignedOutVisitor {
  private current = '/console/login'

  constructor(private client: ApiClient) {}

  async page(path: string) {
    this.current = path
    const response = await this.client.get(path).withInertia().redirects(0)
    const inertia = response.header('x-inertia') === 'true'
    return {
      status: response.status(),
      component: (inertia ? response.inertiaComponent : '') as string,
      props: (inertia ? response.inertiaProps : {}) as Record<string, any>,
      location: response.header('location') ?? '',
    }
  }

  async pageField(path: string, field: 'status' | 'location') {
    const page = await this.page(path)
    return page[field]
  }

  async submit(path: string, body: Record<string, unknown>) {
    const response = await this.client
      .post(path)
      .header('referer', this.current)
      .withCsrfToken()
      .withInertia()
      .json(body)
      .redirects(0)
    const flash = (response.flashMessages() ?? {}) as Record<string, any>
    // What the next page shows as `errors`: a refusal by its code, a field by its first message.
    const fields = Object.fromEntries(
      Object.entries((flash.inputErrorsBag ?? {}) as Record<string, string[]>).map(
        ([field, messages]) => [field, messages[0]]
      )
    )
    return {
      status: response.status(),
      location: response.header('location') ?? '',
      errors: { ...(flash.errorsBag ?? {}), ...fields } as Record<string, any>,
      session: response.session(),
    }
  }
}

async function memberRow(organizationId: string, email: string) {
  return db
    .from('organization_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.organization_id', organizationId)
    .where('u.email', email)
    .select('m.role', 'm.sso', 'u.id', 'u.display_name')
    .first()
}

const PASSWORD = 'correct horse battery'

/**
 * The invite links, pending e-mail invites and accept links a page shows to an admin.
 */
type Invites = {
  linksEnabled: boolean
  emails: Array<{ id: string; email: string; role: string | null; url: string }>
  links: Array<{ id: string; role: string | null; url: string }>
}

async function invitesOn(admin: ConsoleVisitor, organizationId: string): Promise<Invites>
async function invitesOn<Key extends keyof Invites>(
  admin: ConsoleVisitor,
  organizationId: string,
  key: Key
): Promise<Invites[Key]>
async function invitesOn(admin: ConsoleVisitor, organizationId: string, key?: keyof Invites) {
  const page = await admin.page(`/console/orgs/${organizationId}/members`)
  const invites = page.props.invites as Invites
  return key ? invites[key] : invites
}

async function roleOf(organizationId: string, email: string) {
  const row = await memberRow(organizationId, email)
  return row.role
}

const pathOf = (url: string) => new URL(url).pathname

test.group('Console onboarding: invites from the members page', (group) => {
  eachTestInTransaction(group)

  test('an admin invites addresses and makes invite links; others cannot', async ({
    assert,
    client,
  }) => {
    const owner = await createCaller()
    const reader = await createCaller({ organizationId: owner.organizationId, role: 'read' })
    const outsider = await createCaller()
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    const org = `/console/orgs/${owner.organizationId}`

    assert.equal(
      await admin.submitStatus('POST', `${org}/invites`, {
        emails: 'Ada@Example.com, grace@example.com\nada@example.com',
        role: 'edit',
      }),
      302
    )
    assert.match(await admin.notice(`${org}/members`), /^2 invites ready/)
    let invites = await invitesOn(admin, owner.organizationId)
    assert.sameMembers(
      invites.emails.map((invite) => `${invite.email}:${invite.role}`),
      ['ada@example.com:edit', 'grace@example.com:edit']
    )
    for (const invite of invites.emails) assert.match(pathOf(invite.url), /^\/console\/invites\//)

    // An existing member is reported, not invited; guest ("") is a role too.
    await admin.submit('POST', `${org}/invites`, { emails: reader.email, role: '' })
    assert.include(await admin.notice(`${org}/members`), `already members: ${reader.email}`)

    // Bad input: no address, a malformed one, too many, an unknown role.
    for (const body of [
      { emails: '', role: 'read' },
      { emails: 'not-an-address', role: 'read' },
      {
        emails: Array.from({ length: 101 }, (_, i) => `p${i}@example.com`).join(','),
        role: 'read',
      },
      { emails: 'x@example.com', role: 'owner' },
    ]) {
      await admin.submit('POST', `${org}/invites`, body)
      const errors = await admin.flashedErrors(`${org}/members`)
      const fields = Object.keys(errors).map((key) => key.split('.')[0])
      assert.isTrue(
        fields.includes('emails') || fields.includes('role'),
        JSON.stringify(body).slice(0, 80)
      )
    }

    assert.equal(await admin.submitStatus('POST', `${org}/invite-links`, { role: 'comment' }), 302)
    invites = await invitesOn(admin, owner.organizationId)
    assert.lengthOf(invites.links, 1)
    assert.equal(invites.links[0].role, 'comment')
    assert.equal(
      pathOf(invites.links[0].url),
      `/console/invite-links/${owner.organizationId}/${invites.links[0].id}`
    )

    // Readers see the roster without the invites; they may not invite; outsiders get a 404.
    const readerVisitor = await ConsoleVisitor.of(client, reader.user.id)
    const readerPage = await readerVisitor.page(`${org}/members`)
    assert.isNull(readerPage.props.invites)
    await readerVisitor.submit('POST', `${org}/invites`, { emails: 'z@example.com', role: 'admin' })
    assert.include(await readerVisitor.flashedError(`${org}/members`, 'E_FORBIDDEN'), 'Only admins')
    assert.equal(
      await readerVisitor.submitStatus('POST', `${org}/invite-links`, { role: 'admin' }),
      302
    )
    const outsiderVisitor = await ConsoleVisitor.of(client, outsider.user.id)
    assert.equal(
      await outsiderVisitor.submitStatus('POST', `${org}/invite-links`, { role: 'admin' }),
      404
    )
    assert.equal(
      await outsiderVisitor.submitStatus('DELETE', `${org}/invite-links/${invites.links[0].id}`),
      404
    )

    // Another organization's invite ids are unknown here.
    const outsiderAdmin = outsiderVisitor
    const theirOrg = `/console/orgs/${outsider.organizationId}`
    assert.equal(
      await outsiderAdmin.submitStatus('DELETE', `${theirOrg}/invite-links/${invites.links[0].id}`),
      404
    )
    assert.equal(
      await outsiderAdmin.submitStatus('DELETE', `${theirOrg}/invites/${invites.emails[0].id}`),
      404
    )
    assert.equal(await admin.submitStatus('DELETE', `${org}/invites/not-a-number`), 404)

    // Revoking.
    await admin.submit('DELETE', `${org}/invites/${invites.emails[0].id}`)
    assert.match(await admin.notice(`${org}/members`), /is revoked/)
    await admin.submit('DELETE', `${org}/invite-links/${invites.links[0].id}`)
    invites = await invitesOn(admin, owner.organizationId)
    assert.lengthOf(invites.emails, 1)
    assert.lengthOf(invites.links, 0)
  })

  test('invite links follow the organization setting', async ({ assert, client }) => {
    const owner = await createCaller()
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    const org = `/console/orgs/${owner.organizationId}`
    await admin.submit('POST', `${org}/invite-links`, { role: 'read' })
    const [link] = await invitesOn(admin, owner.organizationId, 'links')
    await db.from('organizations').where('id', owner.organizationId).update({ invite_links: false })

    assert.isFalse(await invitesOn(admin, owner.organizationId, 'linksEnabled'))
    await admin.submit('POST', `${org}/invite-links`, { role: 'read' })
    assert.include(
      await admin.flashedError(`${org}/members`, 'E_FORBIDDEN'),
      'Invite links are disabled'
    )
    const visitor = new SignedOutVisitor(client)
    const page = await visitor.page(pathOf(link.url))
    assert.equal(page.status, 403)
    assert.equal(page.component, 'invites/unavailable')
    assert.include(page.props.message, 'Invite links are disabled')
  })
})

test.group('Console onboarding: accepting an invite', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => async () => {
    await limiter.use(SIGN_UPS).delete(signUpKey('127.0.0.1'))
  })

  test('a new person opens an invite link, creates an account and lands in the organization', async ({
    assert,
    client,
  }) => {
    const owner = await createCaller({ org: 'Acme Docs' })
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    await admin.submit('POST', `/console/orgs/${owner.organizationId}/invite-links`, {
      role: 'edit',
    })
    const [link] = await invitesOn(admin, owner.organizationId, 'links')
    const path = pathOf(link.url)

    const visitor = new SignedOutVisitor(client)
    const page = await visitor.page(path)
    assert.equal(page.status, 200)
    assert.equal(page.component, 'invites/show')
    assert.deepInclude(page.props.invite, {
      kind: 'link',
      organizationTitle: 'Acme Docs',
      role: 'edit',
      email: null,
      ssoRequired: false,
    })
    assert.isNull(page.props.user)

    // Bad input: each is refused, by field, and no account is made.
    const good = { displayName: 'Nia Reader', email: 'nia@example.com', password: PASSWORD }
    for (const [body, field] of [
      [{ ...good, displayName: '' }, 'displayName'],
      [{ ...good, displayName: 'x'.repeat(256) }, 'displayName'],
      [{ ...good, email: 'nope' }, 'email'],
      [{ ...good, email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ ...good, password: 'short' }, 'password'],
      [{ ...good, password: 'p'.repeat(513) }, 'password'],
      [{ displayName: 'Nia' }, 'email'],
    ] as const) {
      const response = await visitor.submit(`${path}/register`, body)
      assert.equal(response.status, 302, field)
      assert.property(response.errors, field, field)
    }
    assert.isNull(await User.findBy('email', 'nia@example.com'))

    // An address that has an account must sign in instead.
    const taken = await visitor.submit(`${path}/register`, { ...good, email: owner.email })
    assert.include(taken.errors.E_CONFLICT, 'already exists')

    const created = await visitor.submit(`${path}/register`, { ...good, email: 'NIA@example.com' })
    assert.equal(created.status, 302)
    assert.equal(pathOf(`http://x${created.location}`), `/console/orgs/${owner.organizationId}`)
    const row = await memberRow(owner.organizationId, 'nia@example.com')
    assert.equal(row.role, 'edit')
    assert.equal(row.display_name, 'Nia Reader')
    const user = await User.findByOrFail('email', 'nia@example.com')
    assert.isTrue(await User.verifyCredentials('nia@example.com', PASSWORD).then(() => true))
    assert.equal(created.session.auth_web, user.id)

    // The link is reusable: it stays listed.
    assert.lengthOf(await invitesOn(admin, owner.organizationId, 'links'), 1)
  })

  test('an existing account signs in on the invite page, or joins while signed in', async ({
    assert,
    client,
  }) => {
    const owner = await createCaller()
    const existing = await createCaller({ password: PASSWORD })
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    await admin.submit('POST', `/console/orgs/${owner.organizationId}/invite-links`, { role: '' })
    const [link] = await invitesOn(admin, owner.organizationId, 'links')
    const path = pathOf(link.url)
    const visitor = new SignedOutVisitor(client)
    await visitor.page(path)

    const wrong = await visitor.submit(`${path}/sign-in`, {
      email: existing.email,
      password: 'wrong password',
    })
    assert.property(wrong.errors, 'E_INVALID_CREDENTIALS')
    assert.notExists(await memberRow(owner.organizationId, existing.email))

    const joined = await visitor.submit(`${path}/sign-in`, {
      email: existing.email,
      password: PASSWORD,
    })
    assert.equal(joined.status, 302)
    assert.equal(joined.location, `/console/orgs/${owner.organizationId}`)
    assert.isNull(await roleOf(owner.organizationId, existing.email))

    // A signed-in user joins with one click.
    const third = await createCaller()
    const signedIn = await ConsoleVisitor.of(client, third.user.id)
    const page = await signedIn.page(path)
    assert.equal(page.component, 'invites/show')
    assert.equal(page.props.user.email, third.email)
    const accepted = await signedIn.submit('POST', `${path}/accept`)
    assert.equal(accepted.location, `/console/orgs/${owner.organizationId}`)
    assert.isNull(await roleOf(owner.organizationId, third.email))
  })

  test('an e-mail invite: its address only, used once, revoked or renewed links refused', async ({
    assert,
    client,
  }) => {
    const owner = await createCaller({ org: 'Beta Docs' })
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    const org = `/console/orgs/${owner.organizationId}`
    await admin.submit('POST', `${org}/invites`, { emails: 'omar@example.com', role: 'review' })
    const [invite] = await invitesOn(admin, owner.organizationId, 'emails')
    const path = pathOf(invite.url)

    const visitor = new SignedOutVisitor(client)
    const page = await visitor.page(path)
    assert.deepInclude(page.props.invite, {
      kind: 'email',
      organizationTitle: 'Beta Docs',
      role: 'review',
      email: 'omar@example.com',
    })
    assert.isString(page.props.invite.expiresAt)

    // A tampered token, another invite's id with this signature, garbage: the same clear page.
    const [id, signature] = path.split('/').pop()!.split('.')
    for (const token of [
      `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${Number(id) + 1}.${signature}`,
      'garbage',
      `${id}`,
    ]) {
      const bad = await visitor.page(`/console/invites/${token}`)
      assert.equal(bad.status, 404, token)
      assert.equal(bad.component, 'invites/unavailable')
      assert.include(bad.props.message, 'no longer valid')
    }

    // Someone else, signed in, cannot take it.
    const other = await createCaller()
    const otherVisitor = await ConsoleVisitor.of(client, other.user.id)
    await otherVisitor.page(path)
    await otherVisitor.submit('POST', `${path}/accept`)
    assert.include(
      await otherVisitor.flashedError(path, 'E_FORBIDDEN'),
      'This invite is for omar@example.com'
    )
    assert.notExists(await memberRow(owner.organizationId, other.email))

    // Renewing the invite retires the old link.
    await admin.submit('POST', `${org}/invites`, { emails: 'omar@example.com', role: 'read' })
    const [renewed] = await invitesOn(admin, owner.organizationId, 'emails')
    assert.notEqual(renewed.url, invite.url)
    assert.equal(await visitor.pageField(path, 'status'), 404)

    // The invited address is fixed: an `email` sent along is ignored.
    const renewedPath = pathOf(renewed.url)
    await visitor.page(renewedPath)
    const created = await visitor.submit(`${renewedPath}/register`, {
      displayName: 'Omar',
      email: 'someone-else@example.com',
      password: PASSWORD,
    })
    assert.equal(created.location, `/console/orgs/${owner.organizationId}`)
    assert.equal(await roleOf(owner.organizationId, 'omar@example.com'), 'read')
    assert.isNull(await User.findBy('email', 'someone-else@example.com'))

    // Used up: gone from the pending list, and its link is refused.
    assert.lengthOf(await invitesOn(admin, owner.organizationId, 'emails'), 0)
    const used = await visitor.page(renewedPath)
    assert.equal(used.status, 404)
    const reused = await visitor.submit(`${renewedPath}/register`, {
      displayName: 'Omar again',
      password: PASSWORD,
    })
    assert.equal(reused.status, 404)
  })

  test('expired and revoked invites give a clear page; SSO organizations refuse passwords', async ({
    assert,
    client,
  }) => {
    const owner = await createCaller({ org: 'Gamma' })
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    const org = `/console/orgs/${owner.organizationId}`
    await admin.submit('POST', `${org}/invites`, { emails: 'old@example.com, sso@example.com' })
    const invites = await invitesOn(admin, owner.organizationId, 'emails')
    const old = invites.find((invite) => invite.email === 'old@example.com')!
    const sso = invites.find((invite) => invite.email === 'sso@example.com')!
    await db
      .from('organization_invites')
      .where('id', old.id)
      .update({ expires_at: '2020-01-01 00:00:00.000' })
    const visitor = new SignedOutVisitor(client)
    const expired = await visitor.page(pathOf(old.url))
    assert.equal(expired.status, 403)
    assert.equal(expired.component, 'invites/unavailable')
    assert.include(expired.props.message, 'expired')

    await admin.submit('POST', `${org}/invite-links`, { role: 'read' })
    const [link] = await invitesOn(admin, owner.organizationId, 'links')
    await admin.submit('DELETE', `${org}/invite-links/${link.id}`)
    const revoked = await visitor.page(pathOf(link.url))
    assert.equal(revoked.status, 404)
    assert.include(revoked.props.message, 'no longer valid')
    // Another organization's id with this link's id.
    const other = await createCaller()
    assert.equal(
      await visitor.pageField(`/console/invite-links/${other.organizationId}/${link.id}`, 'status'),
      404
    )

    await db.from('organizations').where('id', owner.organizationId).update({ sso: true })
    const page = await visitor.page(pathOf(sso.url))
    assert.isTrue(page.props.invite.ssoRequired)
    const refused = await visitor.submit(`${pathOf(sso.url)}/register`, {
      displayName: 'Sso Person',
      password: PASSWORD,
    })
    assert.include(refused.errors.E_FORBIDDEN, 'requires single sign-on')
    assert.isNull(await User.findBy('email', 'sso@example.com'))
  })

  test('account creation is rate-limited per address', async ({ assert, client }) => {
    const owner = await createCaller()
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    await admin.submit('POST', `/console/orgs/${owner.organizationId}/invite-links`, {
      role: 'read',
    })
    const [link] = await invitesOn(admin, owner.organizationId, 'links')
    const path = pathOf(link.url)
    const visitor = new SignedOutVisitor(client)
    for (let i = 0; i < SIGN_UPS.requests; i++) {
      const response = await visitor.submit(`${path}/register`, {
        displayName: `Person ${i}`,
        email: `person-${i}@example.com`,
        password: PASSWORD,
      })
      assert.equal(response.status, 302, `sign-up ${i}`)
    }
    const throttled = await visitor.submit(`${path}/register`, {
      displayName: 'One too many',
      email: 'too-many@example.com',
      password: PASSWORD,
    })
    assert.include(throttled.errors.E_TOO_MANY_REQUESTS, 'Too many accounts')
    assert.isNull(await User.findBy('email', 'too-many@example.com'))
  })
})

test.group('Console onboarding: organizations and returning after sign-in', (group) => {
  eachTestInTransaction(group)

  test('a signed-in user creates an organization and lands in it as its admin', async ({
    assert,
    client,
  }) => {
    const caller = await createCaller()
    const visitor = await ConsoleVisitor.of(client, caller.user.id)
    await visitor.page('/console')
    const response = await visitor.submit('POST', '/console/orgs', { title: '  Delta Handbook ' })
    assert.equal(response.status, 302)
    const organizationId = response.location.split('/').pop()!
    const page = await visitor.page(response.location)
    assert.equal(page.component, 'organizations/show')
    assert.equal(page.props.notice, 'Organization Delta Handbook created: you are its admin.')
    assert.equal(await roleOf(organizationId, caller.email), 'admin')

    for (const title of ['', 'x', 'x'.repeat(256)]) {
      await visitor.submit('POST', '/console/orgs', { title })
      assert.property(await visitor.flashedErrors('/console'), 'title', JSON.stringify(title))
    }
    assert.equal(
      await visitor.submitStatus('POST', '/console/orgs', { title: 'No CSRF' }, { csrf: false }),
      302
    )
  })

  test('a signed-out visit goes to sign-in, and back to the page asked for', async ({
    assert,
    client,
  }) => {
    const caller = await createCaller({ password: PASSWORD })
    const target = `/console/orgs/${caller.organizationId}/members?role=admin`
    const visitor = new SignedOutVisitor(client)
    const redirected = await visitor.page(target)
    assert.equal(redirected.status, 302)
    assert.equal(redirected.location, `/console/login?return=${encodeURIComponent(target)}`)
    const login = await visitor.page(redirected.location)
    assert.equal(login.props.returnTo, target)

    const signedIn = await visitor.submit('/console/login', {
      email: caller.email,
      password: PASSWORD,
      returnTo: target,
    })
    assert.equal(signedIn.location, target)

    // The home page needs no return; other origins and non-console paths are dropped.
    assert.equal(await visitor.pageField('/console', 'location'), '/console/login')
    for (const returnTo of [
      '//evil.example/console',
      'https://evil.example/console',
      '/\\evil.example',
      '/console/../v1/user',
      '/v1/user',
      'javascript:alert(1)',
      '/console/login',
      `/console/${'x'.repeat(2100)}`,
    ]) {
      const login2 = await visitor.page(`/console/login?return=${encodeURIComponent(returnTo)}`)
      assert.isNull(login2.props.returnTo, returnTo)
      const response = await visitor.submit('/console/login', {
        email: caller.email,
        password: PASSWORD,
        returnTo,
      })
      // Signed in to the console's home, or (a refused field) back to the form.
      assert.isTrue(
        response.location === '/console' || response.location.startsWith('/console/login'),
        returnTo
      )
    }
  })
})
