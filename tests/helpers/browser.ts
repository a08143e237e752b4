import { existsSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { chromium, type Browser, type Page } from 'playwright-core'
import env from '#start/env'
import UserService from '#accounts/services/user_service'
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

export async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/console/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
