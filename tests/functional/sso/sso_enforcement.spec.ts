import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import SignInService from '#console/services/sign_in_service'
import { SsoRequiredException } from '#console/exceptions/sso_required_exception'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import type { RoleOrGuest } from '#core/roles'

const password = 'correct horse battery'

async function enforceSso(organizationId: string) {
  await db.from('organizations').where('id', organizationId).update({ sso: true })
}

async function signIn(email: string, secret = password) {
  return new SignInService().verify(email, secret, `10.0.0.${Math.floor(Math.random() * 250)}`)
}

/**
 * The user with this e-mail (who signs in with `password`) joins the organization with `role`.
 */
function joinWithPassword(organizationId: string, role: 'read' | 'edit', email: string) {
  return createCaller({ organizationId, role, email, password })
}

test.group('Console password sign-in in SSO-enforced organizations', (group) => {
  group.tap((t) => t.tags(['@console']))
  eachTestInTransaction(group)

  for (const role of ['create', 'edit', 'read', null] as Array<RoleOrGuest>) {
    test(`a ${role ?? 'guest'} member is sent to single sign-on`, async ({ assert }) => {
      const admin = await createCaller({ org: 'Strict Corp' })
      await enforceSso(admin.organizationId)
      const member = await createCaller({ organizationId: admin.organizationId, role, password })
      try {
        await signIn(member.email)
        assert.fail('the password sign-in was accepted')
      } catch (error) {
        assert.instanceOf(error, SsoRequiredException)
        assert.include((error as Error).message, '"Strict Corp" requires single sign-on')
      }
    })
  }

  test('admins keep password sign-in (break-glass)', async ({ assert }) => {
    const admin = await createCaller({ password })
    await enforceSso(admin.organizationId)
    const user = await signIn(admin.email)
    assert.equal(user.id, admin.user.id)
  })

  test('organizations that do not enforce SSO, and disabled memberships, do not refuse').run(
    async ({ assert }) => {
      const admin = await createCaller()
      const member = await createCaller({
        organizationId: admin.organizationId,
        role: 'read',
        password,
      })
      const { id } = await signIn(member.email)
      assert.equal(id, member.user.id)

      const strict = await createCaller()
      await enforceSso(strict.organizationId)
      await joinWithPassword(strict.organizationId, 'read', member.email)
      await db
        .from('organization_members')
        .where('organization_id', strict.organizationId)
        .where('user_id', member.user.id)
        .update({ disabled: true })
      const signedIn = await signIn(member.email)
      assert.equal(signedIn.id, member.user.id)
    }
  )

  test('one enforcing organization among several is enough to refuse', async ({ assert }) => {
    const own = await createCaller({ password })
    const strict = await createCaller({ org: 'Strict Two' })
    await enforceSso(strict.organizationId)
    await joinWithPassword(strict.organizationId, 'edit', own.email)
    await assert.rejects(() => signIn(own.email), /"Strict Two" requires single sign-on/)
  })

  test('a wrong password says nothing about SSO', async ({ assert }) => {
    const admin = await createCaller()
    await enforceSso(admin.organizationId)
    const member = await createCaller({
      organizationId: admin.organizationId,
      role: 'read',
      password,
    })
    try {
      await signIn(member.email, 'wrong password')
      assert.fail('accepted')
    } catch (error) {
      assert.notInstanceOf(error, SsoRequiredException)
      assert.equal((error as { code?: string }).code, 'E_INVALID_CREDENTIALS')
    }
  })
})
