import { test } from '@japa/runner'
import { callAs, groupInTransaction } from '#tests/helpers/fixtures_organizations'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { authnRequestOf, createTestIdp, samlResponse, type TestIdp } from '#tests/helpers/saml_idp'
import { newId } from '#core/ids'
import { createTeam } from '#tests/helpers/teams'

const baseUrl = `http://${env.get('HOST')}:${env.get('PORT')}`
const idp = createTestIdp('idp')
const otherIdp = createTestIdp('rogue')

type Setup = { admin: Caller; provider: any; teamId: string }

async function setUp(client: any, configuredIdp: TestIdp = idp): Promise<Setup> {
  const admin = await createCaller()
  const teamId = await createTeam(admin.organizationId, [], 'SSO people')
  const response = await callAs(client, admin).post(`/v1/orgs/${admin.organizationId}/saml`, {
    label: 'Company IdP',
    entityID: configuredIdp.entityId,
    certificate: configuredIdp.certificatePem,
    ssoURL: configuredIdp.ssoUrl,
    defaultTeam: teamId,
    defaultRole: 'edit',
  })
  assertAnswer(response, 201)
  return { admin, provider: response.body(), teamId }
}

/**
 * The browser's first step: the start URL redirects to the identity provider with an AuthnRequest.
 */
async function start(provider: any): Promise<string> {
  const response = await fetch(provider.service.startURL, { redirect: 'manual' })
  if (response.status !== 302) throw new Error(`start answered ${response.status}`)
  return authnRequestOf(response.headers.get('location')!).id
}

async function post(provider: any, SAMLResponse: string) {
  return fetch(provider.service.acsURL, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse }).toString(),
  })
}

/**
 * What a valid signed response of the test IdP to the request `inResponseTo` says for `email`.
 */
function validResponse(provider: any, inResponseTo: string, email: string) {
  return {
    idp,
    audience: provider.service.entityID,
    acsUrl: provider.service.acsURL,
    inResponseTo,
    email,
  }
}

/**
 * The whole round trip for `email`: start, then post a valid signed response from the test IdP.
 */
async function signInAs(provider: any, email: string) {
  const inResponseTo = await start(provider)
  return post(provider, samlResponse(validResponse(provider, inResponseTo, email)))
}

function sessionCookies(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

async function membershipOf(organizationId: string, userId: string) {
  return db
    .from('organization_members')
    .where('organization_id', organizationId)
    .where('user_id', userId)
    .first()
}

async function consumedAssertions(providerId: string) {
  const [row] = await db
    .from('saml_assertions')
    .where('saml_provider_id', providerId)
    .count('* as total')
  return Number(row.total)
}

async function counts(email: string) {
  const users = await db.from('users').where('email', email).count('* as total')
  const members = await db
    .from('organization_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('u.email', email)
    .count('* as total')
  return { users: Number(users[0].total), members: Number(members[0].total) }
}

groupInTransaction('SAML sign-in', () => {
  test(
    'the provider lists its service-provider URLs and the start URL redirects to the identity provider'
  ).run(async ({ client, assert }) => {
    const { provider } = await setUp(client)
    assert.equal(provider.service.acsURL, `${baseUrl}/sso/saml/${provider.id}/acs`)
    assert.equal(provider.service.startURL, `${baseUrl}/sso/saml/${provider.id}/start`)
    assert.equal(provider.service.entityID, `${baseUrl}/sso/saml/${provider.id}/metadata`)

    const response = await fetch(provider.service.startURL, { redirect: 'manual' })
    assert.equal(response.status, 302)
    const location = response.headers.get('location')!
    assert.isTrue(location.startsWith(`${idp.ssoUrl}?SAMLRequest=`))
    const request = authnRequestOf(location)
    assert.include(request.xml, `AssertionConsumerServiceURL="${provider.service.acsURL}"`)
    assert.include(request.xml, `Destination="${idp.ssoUrl}"`)
    assert.include(request.xml, provider.service.entityID)
    // An anonymous start writes nothing: the request id carries its own proof (any process can
    // check InResponseTo).
    assert.isNull(await db.from('saml_requests').where('id', request.id).first())
    const before = await db.from('saml_requests').count('* as total')
    for (let i = 0; i < 5; i++) await fetch(provider.service.startURL, { redirect: 'manual' })
    const after = await db.from('saml_requests').count('* as total')
    assert.equal(Number(after[0].total), Number(before[0].total))

    const metadata = await fetch(provider.service.entityID)
    assert.equal(metadata.status, 200)
    const xml = await metadata.text()
    assert.include(xml, `entityID="${provider.service.entityID}"`)
    assert.include(xml, `Location="${provider.service.acsURL}"`)
  })

  test('a valid signed response signs a new user into the console as an SSO member')
    .run(async ({ client, assert }) => {
      const { admin, provider, teamId } = await setUp(client)
      const email = `new-${newId(6).toLowerCase()}@corp.test`
      const requestId = await start(provider)
      const response = await post(
        provider,
        samlResponse({ ...validResponse(provider, requestId, email), displayName: 'Ada Lovelace' })
      )
      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), '/console')

      // The session works on the console.
      const consolePage = await fetch(`${baseUrl}/console`, {
        redirect: 'manual',
        headers: { cookie: sessionCookies(response) },
      })
      assert.equal(consolePage.status, 200)
      const signedOut = await fetch(`${baseUrl}/console`, { redirect: 'manual' })
      assert.equal(signedOut.status, 302)

      const user = await db.from('users').where('email', email).first()
      assert.equal(user.display_name, 'Ada Lovelace')
      const member = await db
        .from('organization_members')
        .where('organization_id', admin.organizationId)
        .where('user_id', user.id)
        .first()
      assert.equal(member.role, 'edit')
      assert.isTrue(Boolean(member.sso))
      const teamMember = await db
        .from('team_members')
        .where('team_id', teamId)
        .where('user_id', user.id)
        .first()
      assert.equal(teamMember.role, 'member')

      // The request was answered once (recorded until it would expire); so was the assertion id.
      const answered = await db.from('saml_requests').where('id', requestId).first()
      assert.equal(answered.saml_provider_id, provider.id)
      assert.equal(await consumedAssertions(provider.id), 1)

      // The team now counts the member.
      const read = await callAs(client, admin).get(
        `/v1/orgs/${admin.organizationId}/saml/${provider.id}`
      )
      read.assertContract()
      assert.equal(read.body().defaultTeam.members, 1)
    })
    .tags(['@console'])

  test('an existing member keeps their role and becomes an SSO member').run(
    async ({ client, assert }) => {
      const { admin, provider } = await setUp(client)
      const member = await createCaller({ organizationId: admin.organizationId, role: 'create' })
      const response = await signInAs(provider, member.email.toUpperCase())
      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), '/console')
      const row = await membershipOf(admin.organizationId, member.user.id)
      assert.equal(row.role, 'create')
      assert.isTrue(Boolean(row.sso))
      assert.deepEqual(await counts(member.email), { users: 1, members: 1 })
    }
  )

  test('a disabled member is refused and stays disabled', async ({ client, assert }) => {
    const { admin, provider, teamId } = await setUp(client)
    const member = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    await db
      .from('organization_members')
      .where('organization_id', admin.organizationId)
      .where('user_id', member.user.id)
      .update({ disabled: true })
    const response = await signInAs(provider, member.email)
    assert.equal(response.headers.get('location'), '/console/login')
    const row = await membershipOf(admin.organizationId, member.user.id)
    assert.isTrue(Boolean(row.disabled))
    assert.isFalse(Boolean(row.sso))
    assert.isNull(
      await db
        .from('team_members')
        .where('team_id', teamId)
        .where('user_id', member.user.id)
        .first()
    )
    // Nothing was consumed either: the transaction rolled back with the refusal.
    assert.equal(await consumedAssertions(provider.id), 0)
  })

  test('an existing account outside the organization is refused: no session, no membership')
    .run(async ({ client, assert }) => {
      const { admin, provider } = await setUp(client)
      // An admin of another organization, whose account this identity provider must not open.
      const stranger = await createCaller()
      const response = await signInAs(provider, stranger.email)
      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), '/console/login')
      assert.isNull(await membershipOf(admin.organizationId, stranger.user.id))
      const consolePage = await fetch(`${baseUrl}/console`, {
        redirect: 'manual',
        headers: { cookie: sessionCookies(response) },
      })
      assert.equal(consolePage.status, 302)
      assert.equal(await consumedAssertions(provider.id), 0)
    })
    .tags(['@console'])

  test('an address that differs by an accent never reaches the member who holds the other one').run(
    async ({ client, assert }) => {
      const { admin, provider } = await setUp(client)
      const suffix = newId(6).toLowerCase()
      const member = await createCaller({
        organizationId: admin.organizationId,
        role: 'create',
        email: `émile-${suffix}@corp.test`,
      })
      const response = await signInAs(provider, `emile-${suffix}@corp.test`)
      assert.equal(response.status, 302)
      // SQLite keeps both addresses apart (a new account signs in); MySQL's collation would find the
      // member's account, and the sign-in is refused. Either way the member is untouched.
      const row = await membershipOf(admin.organizationId, member.user.id)
      assert.isFalse(Boolean(row.sso))
      assert.isNull(row.last_seen_at)
    }
  )

  test('refuses {name} and creates nothing')
    .tags(['@console'])
    .with([
      {
        name: 'a tampered response',
        build: (o: any) =>
          samlResponse({
            ...o,
            tamper: (xml: string) => xml.replace(/(<saml:NameID[^>]*>)[^<]+/, '$1boss@corp.test'),
          }),
      },
      { name: 'an unsigned response', build: (o: any) => samlResponse({ ...o, sign: 'none' }) },
      {
        name: 'a response signed outside its unsigned assertion',
        build: (o: any) => samlResponse({ ...o, sign: 'response' }),
      },
      {
        name: 'a response signed with another key',
        build: (o: any) => samlResponse({ ...o, signingKeyPem: otherIdp.privateKeyPem }),
      },
      {
        name: 'an expired response',
        build: (o: any) => samlResponse({ ...o, validForSeconds: -600 }),
      },
      {
        name: 'a response for another audience',
        build: (o: any) => samlResponse({ ...o, audience: 'https://elsewhere.test/sp' }),
      },
      {
        name: 'a response to a request never issued',
        build: (o: any) => samlResponse({ ...o, inResponseTo: '_never_issued' }),
      },
      {
        name: 'a response sent to another destination',
        build: (o: any) => samlResponse({ ...o, acsUrl: 'https://elsewhere.test/acs' }),
      },
      {
        name: 'a response from another identity provider',
        build: (o: any) => samlResponse({ ...o, idp: otherIdp }),
      },
      { name: 'garbage', build: () => Buffer.from('<not-saml/>').toString('base64') },
    ])
    .run(async ({ client, assert }, { build }) => {
      const { provider } = await setUp(client)
      const email = `victim-${newId(6).toLowerCase()}@corp.test`
      const options = validResponse(provider, await start(provider), email)
      const response = await post(provider, build(options))
      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), '/console/login')
      assert.deepEqual(await counts(email), { users: 0, members: 0 })
      assert.deepEqual(await counts('boss@corp.test'), { users: 0, members: 0 })
      // No session: the console still sends the browser to the sign-in page.
      const consolePage = await fetch(`${baseUrl}/console`, {
        redirect: 'manual',
        headers: { cookie: sessionCookies(response) },
      })
      assert.equal(consolePage.status, 302)
    })

  test('a replayed response is refused', async ({ client, assert }) => {
    const { provider } = await setUp(client)
    const email = `replay-${newId(6).toLowerCase()}@corp.test`
    const body = samlResponse(validResponse(provider, await start(provider), email))
    const first = await post(provider, body)
    assert.equal(first.headers.get('location'), '/console')
    const again = await post(provider, body)
    assert.equal(again.status, 302)
    assert.equal(again.headers.get('location'), '/console/login')

    // The same assertion answering a fresh request is refused too: its id was consumed.
    const assertionId = '_fixed-assertion-id'
    const fresh = (inResponseTo: string, to: string) =>
      samlResponse({ ...validResponse(provider, inResponseTo, to), assertionId })
    const replayEmail = `replay2-${newId(6).toLowerCase()}@corp.test`
    const { headers } = await post(provider, fresh(await start(provider), email))
    assert.equal(headers.get('location'), '/console')
    const replayed = await post(provider, fresh(await start(provider), replayEmail))
    assert.equal(replayed.headers.get('location'), '/console/login')
    assert.deepEqual(await counts(replayEmail), { users: 0, members: 0 })
  })

  test('unknown, pending and deleted providers refuse to start or consume').run(
    async ({ client, assert }) => {
      const { admin, provider } = await setUp(client)
      const pending = await callAs(client, admin).post(`/v1/orgs/${admin.organizationId}/saml`, {
        label: 'Not configured',
      })
      pending.assertContract()
      for (const id of [newId(), 'nope', pending.body().id]) {
        const startResponse = await fetch(`${baseUrl}/sso/saml/${id}/start`, { redirect: 'manual' })
        assert.equal(startResponse.status, 302)
        assert.equal(startResponse.headers.get('location'), '/console/login')
        const acs = await fetch(`${baseUrl}/sso/saml/${id}/acs`, {
          method: 'POST',
          redirect: 'manual',
          body: new URLSearchParams({ SAMLResponse: 'x' }),
        })
        assert.equal(acs.headers.get('location'), '/console/login')
      }
      const requestId = await start(provider)
      const deleted = await callAs(client, admin).delete(
        `/v1/orgs/${admin.organizationId}/saml/${provider.id}`
      )
      assertAnswer(deleted, 204)
      const email = `late-${newId(6).toLowerCase()}@corp.test`
      const late = await post(provider, samlResponse(validResponse(provider, requestId, email)))
      assert.equal(late.headers.get('location'), '/console/login')
      assert.deepEqual(await counts(email), { users: 0, members: 0 })
    }
  )

  test('the sign-in page shows why SSO failed', async ({ client, assert }) => {
    const { provider } = await setUp(client)
    const response = await post(provider, Buffer.from('<not-saml/>').toString('base64'))
    const page = await fetch(`${baseUrl}/console/login`, {
      headers: { cookie: sessionCookies(response) },
    })
    assert.include(await page.text(), 'Single sign-on failed')
  }).tags(['@console'])
})
