import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { SIGN_IN_PER_ADDRESS } from '#console/services/sign_in_service'
import User from '#accounts/models/user'
import {
  baseUrl,
  createFixture,
  deleteFixtures,
  chromiumFor,
  signIn,
  type Fixture,
} from '#tests/helpers/browser'

test.group('Console in a browser', (group) => {
  const chromium = chromiumFor(group)
  let alice: Fixture
  let bob: Fixture

  group.setup(async () => {
    alice = await createFixture('alice')
    bob = await createFixture('bob')
    return () => deleteFixtures([alice, bob])
  })

  test('a signed-out visit to the console goes to the sign-in form', async ({
    assert,
    cleanup,
  }) => {
    const page = await chromium.page(cleanup)
    await page.goto(`${baseUrl}/console`)

    assert.equal(new URL(page.url()).pathname, '/console/login')
    await page.getByRole('heading', { name: 'Sign in to Bindery' }).waitFor()
  })

  test('a wrong password shows an error on the form', async ({ assert, cleanup }) => {
    const page = await chromium.page(cleanup)
    await signIn(page, alice.email, 'not-the-password')

    const error = page.getByTestId('login-error')
    await error.waitFor()
    assert.equal(await error.textContent(), 'The e-mail address or the password is wrong.')
    assert.equal(new URL(page.url()).pathname, '/console/login')
    // The address stays filled in; the password does not.
    assert.equal(await page.getByLabel('E-mail').inputValue(), alice.email)
    assert.equal(await page.getByLabel('Password').inputValue(), '')
  })

  test('repeated failed sign-ins are throttled, even with the right password after them', async ({
    assert,
    cleanup,
  }) => {
    const target = await createFixture('throttled')
    cleanup(() => deleteFixtures([target]))
    // The address's budget is spent below: the other tests sign in from the same address.
    cleanup(() => limiter.clear(['memory']))
    const page = await chromium.page(cleanup)
    for (let attempt = 0; attempt < SIGN_IN_PER_ADDRESS.requests; attempt++) {
      await signIn(page, target.email, `wrong-${attempt}`)
      await page.getByTestId('login-error').waitFor()
    }
    await signIn(page, target.email, target.password)
    const error = page.getByTestId('login-error').filter({ hasText: 'Too many failed sign-ins' })
    await error.waitFor()
    assert.include(await error.textContent(), 'Too many failed sign-ins')
    assert.equal(new URL(page.url()).pathname, '/console/login')
  })

  test('signs in, lists the organizations and opens one of them', async ({ assert, cleanup }) => {
    const page = await chromium.page(cleanup)
    // Upper case on purpose: addresses are compared lowercased.
    await signIn(page, alice.email.toUpperCase(), alice.password)

    await page.waitForURL(`${baseUrl}/console`)
    const list = page.getByTestId('organization-list')
    await list.waitFor()
    const link = list.getByRole('link', { name: alice.title })
    await link.waitFor()
    assert.notInclude(await list.textContent(), bob.title)

    await link.click()
    await page.waitForURL(`${baseUrl}/console/orgs/${alice.organizationId}`)
    assert.equal(await page.getByTestId('organization-title').textContent(), alice.title)
    const settings = await page.getByTestId('organization-settings').innerText()
    assert.include(settings, alice.organizationId)
    assert.match(settings, /Your role\s+admin/)
    assert.match(settings, /Plan\s+enterprise/)
    // An admin edits the rest of the settings in the form under them.
    const form = page.getByTestId('organization-settings-form')
    assert.isTrue(await form.getByLabel('Invite links').isChecked())
    assert.equal(await page.title(), `${alice.title} · Bindery`)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(`${baseUrl}/console/login`)
    await page.goto(`${baseUrl}/console/orgs/${alice.organizationId}`)
    assert.equal(new URL(page.url()).pathname, '/console/login')
  })

  test("another organization's page is not found, like an unknown one", async ({
    assert,
    cleanup,
  }) => {
    const page = await chromium.page(cleanup)
    await signIn(page, alice.email, alice.password)
    await page.waitForURL(`${baseUrl}/console`)

    for (const organizationId of [bob.organizationId, 'NoSuchOrganization00']) {
      const response = await page.goto(`${baseUrl}/console/orgs/${organizationId}`)
      assert.equal(response?.status(), 404)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      assert.notInclude(await page.content(), bob.title)
    }
  })
})

test.group('Console CSRF protection', (group) => {
  let carol: Fixture

  group.setup(async () => {
    carol = await createFixture('carol')
    return () => deleteFixtures([carol])
  })

  test('a console POST without a CSRF token is refused', async ({ assert }) => {
    // A session and its XSRF-TOKEN cookie, as a browser that opened the sign-in form holds them.
    const form = await fetch(`${baseUrl}/console/login`, { redirect: 'manual' })
    const cookies = form.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
    const xsrfToken = decodeURIComponent(
      cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length)
    )
    const postSignIn = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/console/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'cookie': cookies.join('; '),
          'referer': `${baseUrl}/console/login`,
          ...headers,
        },
        body: new URLSearchParams({ email: carol.email, password: carol.password }),
      })
    const location = (response: Response) =>
      new URL(response.headers.get('location') ?? '', baseUrl).pathname

    // Valid credentials but no token: refused before the controller, back to the form (or a 403).
    const refused = await postSignIn({})
    if (refused.status !== 403) {
      assert.equal(refused.status, 302)
      assert.equal(location(refused), '/console/login')
    }

    // The same request with the token signs in: the token alone made the difference.
    const accepted = await postSignIn({ 'x-xsrf-token': xsrfToken })
    assert.equal(accepted.status, 302)
    assert.equal(location(accepted), '/console')
  })

  test('a /v1 POST needs no CSRF token and gets no session', async ({ assert }) => {
    const user = await User.findOrFail(carol.userId)
    const token = await User.accessTokens.create(user, ['*'], { name: 'console csrf test' })

    const response = await fetch(`${baseUrl}/v1/orgs/${carol.organizationId}/ping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.value!.release()}`, accept: 'application/json' },
    })

    assert.equal(response.status, 200)
    assert.deepEqual(response.headers.getSetCookie(), [])
  })
})
