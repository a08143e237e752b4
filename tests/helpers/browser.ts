import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Group } from '@japa/runner/core'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import env from '#start/env'
import User from '#accounts/models/user'
import UserService from '#accounts/services/user_service'
import SpaceService from '#spaces/services/space_service'
import OrganizationService from '#organizations/services/organization_service'
import type { RoleOrGuest } from '#core/roles'

/**
 * Debian's Chromium, driven by playwright-core. Never a downloaded browser: a machine without it
 * fails the browser suite rather than skipping it.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export const baseUrl = `http://${env.get('HOST')}:${env.get('PORT')}`

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser suite needs Debian's Chromium at ${CHROMIUM_PATH}: install it with ` +
        '"apt-get install -y chromium" (never a browser downloaded by playwright)'
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

/**
 * The database is shared by the whole run (no global transaction: the browser's requests run in
 * the server, concurrently), so every record made here has a unique e-mail or title and is
 * deleted after.
 */
export type Fixture = {
  email: string
  password: string
  userId: string
  organizationId: string
  title: string
}

export type Account = { email: string; password: string; userId: string; displayName: string }

/**
 * A user with a password and an organization of their own (they are its admin).
 */
export async function createFixture(label: string): Promise<Fixture> {
  const suffix = randomBytes(6).toString('hex')
  const title = `Console ${label} ${suffix}`
  const account = await createAccount(label)
  const organizationId = await db.transaction((trx) =>
    new OrganizationService().createWithin(trx, account.userId, { title })
  )
  return {
    email: account.email,
    password: account.password,
    userId: account.userId,
    organizationId,
    title,
  }
}

/**
 * A user with a password, optionally a member of `organizationId` with `role` (null: guest).
 */
export async function createAccount(
  label: string,
  membership?: { organizationId: string; role: RoleOrGuest }
): Promise<Account> {
  const suffix = randomBytes(6).toString('hex')
  const email = `console-${label}-${suffix}@example.com`
  const password = `pw-${randomBytes(12).toString('base64url')}`
  return db.transaction(async (trx) => {
    const { user } = await new UserService().findOrCreate({ email, password }, trx)
    if (membership) {
      await new OrganizationService().addMember(
        trx,
        membership.organizationId,
        user.id,
        membership.role
      )
    }
    return { email, password, userId: user.id, displayName: user.displayName }
  })
}

/**
 * A space created by `userId` at the root of their organization; its id.
 */
export async function createSpace(userId: string, organizationId: string, title: string) {
  const [owner, spaces] = await Promise.all([
    User.findOrFail(userId),
    app.container.make(SpaceService),
  ])
  const { space } = await spaces.create(owner, organizationId, { title })
  return space.id
}

/**
 * Deletes organizations with everything in them, then users. Spaces and collections first: their
 * `parent_id` references are not cascaded, so the organization's cascade could trip over them.
 */
export async function deleteFixtures(fixtures: Fixture[], accounts: Account[] = []) {
  const organizationIds = fixtures.map((fixture) => fixture.organizationId)
  await db.transaction(async (trx) => {
    await trx.from('spaces').whereIn('organization_id', organizationIds).delete()
    await trx
      .from('collections')
      .whereIn('organization_id', organizationIds)
      .update({ parent_id: null })
    await trx.from('collections').whereIn('organization_id', organizationIds).delete()
    // Memberships, teams, grants, e-mail domains and access tokens go with their organization or
    // user (ON DELETE CASCADE).
    await trx.from('organizations').whereIn('id', organizationIds).delete()
    const userIds = [
      ...fixtures.map((fixture) => fixture.userId),
      ...accounts.map((account) => account.userId),
    ]
    await trx.from('users').whereIn('id', userIds).delete()
  })
}

export type Cleanup = (fn: () => Promise<void>) => void

/**
 * A page in a fresh browser context (no cookies), closed after the test whatever its outcome.
 */
export async function openPage(
  browser: Browser,
  cleanup: Cleanup,
  options: { viewport?: { width: number; height: number } } = {}
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: baseUrl, ...options })
  cleanup(() => context.close())
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { page, context }
}

/**
 * Chromium for a test group: launched before its tests, closed after them. `page` opens a fresh
 * page, `signedIn` one signed in as an account.
 */
export function chromiumFor(group: Group) {
  let browser: Browser
  group.setup(async () => {
    browser = await launchChromium()
    return () => browser.close()
  })
  return {
    page: async (cleanup: Cleanup) => {
      const { page } = await openPage(browser, cleanup)
      return page
    },
    signedIn: (cleanup: Cleanup, account: { email: string; password: string }) =>
      openSignedIn(browser, cleanup, account),
  }
}

/**
 * A page signed in to the console as `account`, on its organizations list, in a desktop-sized
 * window.
 */
export async function openSignedIn(
  browser: Browser,
  cleanup: Cleanup,
  account: { email: string; password: string }
) {
  const opened = await openPage(browser, cleanup, { viewport: { width: 1200, height: 900 } })
  await signIn(opened.page, account.email, account.password)
  await opened.page.waitForURL(`${baseUrl}/console`)
  return opened
}

/**
 * Fills and sends the sign-in form (wherever it leads: the console, or back with an error).
 */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/console/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Screenshots land in tmp/screenshots (not committed), for a person to look at. */
const SCREENSHOTS = app.makePath('tmp/screenshots')

export async function screenshot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true })
}
