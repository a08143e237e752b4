import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import limiter from '@adonisjs/limiter/services/main'
import { defineConfig, stores } from '@adonisjs/session'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import User from '#accounts/models/user'
import UserSessionsService from '#accounts/services/user_sessions_service'
import SignInService, {
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
} from '#console/services/sign_in_service'
import { eachTestInTransaction, createCaller } from '#tests/helpers/callers'
import { ConsoleVisitor } from './console_visitor.js'

const PASSWORD = 'correct horse battery'
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

/**
 * A browser over real HTTP: cookies kept as the server set them (so they can be copied to
 * another browser), the CSRF header read from the XSRF-TOKEN cookie as Inertia's client does.
 */
class Browser {
  cookies = new Map<string, string>()

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {}
  ) {
    const response = await fetch(`${base()}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        // Forms as Inertia's client sends them; pages as a first visit (no asset version to match).
        ...(method === 'GET' ? {} : { 'x-inertia': 'true' }),
        'content-type': 'application/json',
        'cookie': [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(this.cookies.has('XSRF-TOKEN')
          ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN')! }
          : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair.split('=')
      this.cookies.set(name, value.join('='))
    }
    return response
  }

  async signIn(email: string, password: string, headers: Record<string, string> = {}) {
    await this.request('GET', '/console/login')
    return this.request('POST', '/console/login', { email, password }, headers)
  }

  /** The console's home as this browser sees it: signed in (200) or sent to sign in (302). */
  async home() {
    const response = await this.request('GET', '/console')
    return response.status
  }
}

async function resetBudgets() {
  await limiter.clear(['memory'])
}

test.group('Console sign-in: throttling', (group) => {
  eachTestInTransaction(group)
  group.each.setup(resetBudgets)

  test('a throttled sign-in answers 429 with Retry-After, on the sign-in form', async ({
    assert,
  }) => {
    const caller = await createCaller({ password: PASSWORD })
    const browser = new Browser()
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.requests; i++) {
      const wrong = await browser.signIn(caller.email, 'wrong password!')
      assert.equal(wrong.status, 302, `attempt ${i}`)
    }
    const throttled = await browser.signIn(caller.email, PASSWORD)
    assert.equal(throttled.status, 429)
    assert.isAbove(Number(throttled.headers.get('retry-after')), 0)
    const page = (await throttled.json()) as { component: string; props: Record<string, any> }
    assert.equal(page.component, 'auth/login')
    assert.include(page.props.errors.E_TOO_MANY_REQUESTS, 'Too many failed sign-ins')
  })

  test('spraying many e-mails from one address is throttled', async ({ assert }) => {
    const browser = new Browser()
    const statuses: number[] = []
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.requests + 2; i++) {
      const response = await browser.signIn(`nobody-${i}@example.com`, 'wrong password!')
      statuses.push(response.status)
    }
    assert.deepEqual(statuses.slice(-2), [429, 429])
  })

  test('X-Forwarded-For from an untrusted peer does not change the address', async ({ assert }) => {
    const browser = new Browser()
    let last = 0
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.requests + 1; i++) {
      const response = await browser.signIn('nobody@example.com', 'wrong password!', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      })
      last = response.status
    }
    assert.equal(last, 429)
  })

  test('one address cannot lock an account out; many addresses are stopped per account', async ({
    assert,
  }) => {
    const caller = await createCaller({ password: PASSWORD })
    const signIn = new SignInService()
    const attempt = (ip: string, password: string) =>
      signIn.verify(caller.email, password, ip).then(
        () => 'ok',
        (error) => error.code as string
      )
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.requests; i++) await attempt('198.51.100.1', 'nope')
    assert.equal(await attempt('198.51.100.1', PASSWORD), 'E_TOO_MANY_REQUESTS')
    assert.equal(await attempt('198.51.100.2', PASSWORD), 'ok')

    // Many addresses guessing: the account's own budget ends it.
    const results: string[] = []
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT.requests + 1; i++) {
      results.push(await attempt(`198.51.100.${10 + i}`, 'nope'))
    }
    assert.equal(results.at(-1), 'E_TOO_MANY_REQUESTS')
    assert.equal(results.filter((code) => code === 'E_INVALID_CREDENTIALS').length, 20)
  })

  test('50 parallel wrong passwords: at most the budget reach the password check', async ({
    assert,
  }) => {
    const caller = await createCaller({ password: PASSWORD })
    const browser = new Browser()
    await browser.request('GET', '/console/login')
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        browser.request('POST', '/console/login', {
          email: caller.email,
          password: 'wrong password!',
        })
      )
    )
    const throttled = responses.filter((response) => response.status === 429).length
    assert.isAtLeast(throttled, 50 - SIGN_IN_PER_ADDRESS.requests)
  })
})

test.group('Console forms: flashed input stays small', (group) => {
  eachTestInTransaction(group)

  test('a refused form with a 1 MB title flashes neither the title nor a password', async ({
    assert,
    client,
  }) => {
    const caller = await createCaller()
    const response = await client
      .post('/console/orgs')
      .withGuard('web')
      .loginAs(await User.findOrFail(caller.user.id))
      .withCsrfToken()
      .withInertia()
      .header('referer', '/console')
      .json({ title: 'x'.repeat(1024 * 1024), password: 'secret!', note: 'kept' })
      .redirects(0)
    assert.equal(response.status(), 302)
    const flashed = JSON.stringify(response.flashMessages() ?? {})
    assert.isBelow(flashed.length, 4096)
    assert.notInclude(flashed, 'xxxxxxxxxx')
    assert.notInclude(flashed, 'secret!')
    assert.property(response.flashMessages()?.errors ?? {}, 'title')
    const cookies = response.headers()['set-cookie'] as string[] | string | undefined
    assert.isBelow(String(cookies ?? '').length, 4096)
  })
})

test.group('Console sessions: server-side, ended on sign-out and removal', (group) => {
  eachTestInTransaction(group)
  group.each.setup(resetBudgets)

  test('on the database store, a copied cookie stops working after sign-out', async ({
    assert,
  }) => {
    const emitter = await app.container.make('emitter')
    const config = await configProvider.resolve<any>(
      app,
      defineConfig({
        enabled: true,
        cookieName: 'bindery-session',
        age: '2h',
        clearWithBrowser: false,
        cookie: { path: '/', httpOnly: true, sameSite: 'lax' },
        store: 'database',
        stores: { database: stores.database({ tableName: 'sessions' }) },
      })
    )
    app.container.swap(SessionMiddleware, () => new SessionMiddleware(config, emitter))
    try {
      const caller = await createCaller({ password: PASSWORD })
      const browser = new Browser()
      const signedIn = await browser.signIn(caller.email, PASSWORD)
      assert.equal(signedIn.status, 302)
      assert.equal(await browser.home(), 200)

      // The cookie holds only the session id: the session is a row, tagged with its user.
      const cookie = browser.cookies.get('bindery-session')!
      assert.isBelow(cookie.length, 200)
      const rows = await app.container.make('lucid.db')
      const tagged = await rows.from('sessions').where('user_id', caller.user.id)
      assert.lengthOf(tagged, 1)

      const copy = new Browser()
      copy.cookies = new Map(browser.cookies)
      assert.equal(await copy.home(), 200)

      const signedOut = await browser.request('POST', '/console/logout')
      assert.equal(signedOut.status, 302)
      assert.equal(await browser.home(), 302)
      assert.equal(await copy.home(), 302)
      assert.lengthOf(await rows.from('sessions').where('user_id', caller.user.id), 0)
    } finally {
      app.container.restore(SessionMiddleware)
    }
  })

  test('a member removed by an admin loses their console sessions', async ({ assert, client }) => {
    const owner = await createCaller()
    const member = await createCaller({
      organizationId: owner.organizationId,
      role: 'edit',
      password: PASSWORD,
    })
    const browser = new Browser()
    await browser.signIn(member.email, PASSWORD)
    assert.equal(await browser.home(), 200)

    const admin = await ConsoleVisitor.of(client, owner.user.id)
    await admin.page(`/console/orgs/${owner.organizationId}/members`)
    const removed = await admin.submit(
      'DELETE',
      `/console/orgs/${owner.organizationId}/members/${member.user.id}`
    )
    assert.equal(removed.status, 303)
    assert.equal(await browser.home(), 302)
  })

  test("ending a user's other sessions keeps the one asked from", async ({ assert }) => {
    const caller = await createCaller({ password: PASSWORD })
    const first = new Browser()
    const second = new Browser()
    await first.signIn(caller.email, PASSWORD)
    await second.signIn(caller.email, PASSWORD)
    assert.equal(await first.home(), 200)
    assert.equal(await second.home(), 200)
    const sessionId = sessionIdOf(second)
    assert.equal(await new UserSessionsService().end(caller.user.id, sessionId), 1)
    assert.equal(await first.home(), 302)
    assert.equal(await second.home(), 200)
  })
})

test.group('Console account: password change', (group) => {
  eachTestInTransaction(group)
  group.each.setup(resetBudgets)

  test('a new password ends the other sessions, keeps this one, and needs the current one', async ({
    assert,
  }) => {
    const caller = await createCaller({ password: PASSWORD })
    const here = new Browser()
    const elsewhere = new Browser()
    await here.signIn(caller.email, PASSWORD)
    await elsewhere.signIn(caller.email, PASSWORD)
    assert.equal(await here.home(), 200)

    const page = await here.request('GET', '/console/account')
    assert.equal(page.status, 200)

    const wrong = await here.request('POST', '/console/account/password', {
      currentPassword: 'not the password',
      newPassword: 'a brand new password',
    })
    assert.equal(wrong.status, 302)
    const short = await here.request('POST', '/console/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    })
    assert.equal(short.status, 302)
    assert.equal(await elsewhere.home(), 200)

    const changed = await here.request('POST', '/console/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
    })
    assert.equal(changed.status, 302)
    assert.equal(await here.home(), 200)
    assert.equal(await elsewhere.home(), 302)
    const user = await User.verifyCredentials(caller.email, 'a brand new password')
    assert.equal(user.id, caller.user.id)
  })
})

/**
 * The session id a browser's session cookie carries (a signed cookie: `s:<base64url JSON>.<mac>`).
 */
function sessionIdOf(browser: Browser) {
  const raw = decodeURIComponent(browser.cookies.get('bindery-session')!).replace(/^s:/, '')
  const [message] = raw.split('.')
  return (JSON.parse(Buffer.from(message, 'base64url').toString()) as { message: string }).message
}
