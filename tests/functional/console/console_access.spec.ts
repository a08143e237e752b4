import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { eachTestInTransaction, createCaller } from '#tests/helpers/callers'
import { toSqlTimestamp } from '#core/database/timestamps'
import { ConsoleVisitor } from './console_visitor.js'

const PASSWORD = 'correct horse battery'

const pathOf = (url: string) => new URL(url).pathname

async function memberRole(organizationId: string, userId: string) {
  const row = await db
    .from('organization_members')
    .where('organization_id', organizationId)
    .where('user_id', userId)
    .first()
  return row ? (row.role ?? 'guest') : undefined
}

/**
 * The console's side of access: the organization's audit log page (admins, with filters), console
 * sign-ins in it, and invite links with limits and an explicit accept step.
 */
test.group('Console access: audit log, sign-ins, invite links', (group) => {
  eachTestInTransaction(group)

  test('admins read the audit log with filters; others may not', async ({ client, assert }) => {
    const admin = await createCaller()
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const base = `/console/orgs/${admin.organizationId}/audit-log`

    await visitor.page(`/console/orgs/${admin.organizationId}/members`)
    await visitor.submit(
      'PATCH',
      `/console/orgs/${admin.organizationId}/members/${reader.user.id}`,
      {
        role: 'edit',
      }
    )

    const page = await visitor.page(base)
    assert.equal(page.status, 200)
    assert.equal(page.component, 'organizations/audit_log')
    assert.isTrue(page.props.navigation.auditLog)
    const [latest] = page.props.events
    assert.include(latest, { action: 'member.role_updated', source: 'ui' })
    assert.equal(latest.actionLabel, 'Member role changed')
    assert.equal(latest.actor.id, admin.user.id)
    assert.equal(latest.target.label, reader.email)
    assert.isString(latest.ip)
    assert.isAbove(page.props.actions.length, 10)

    const filtered = await visitor.page(`${base}?action=member.joined`)
    assert.deepEqual(filtered.props.filters, {
      from: '',
      to: '',
      action: 'member.joined',
      actor: '',
      target: '',
    })
    assert.equal(filtered.props.count, 2)
    assert.isTrue(filtered.props.events.every((event: any) => event.action === 'member.joined'))
    const paged = await visitor.page(`${base}?limit=1`)
    assert.isString(paged.props.nextPage)

    const readerVisitor = await ConsoleVisitor.of(client, reader.user.id)
    assert.equal(await readerVisitor.status(base), 403)
    const readerSettings = await readerVisitor.page(
      `/console/orgs/${admin.organizationId}/translations`
    )
    assert.isFalse(readerSettings.props.navigation.auditLog)
    const outsider = await createCaller()
    const outsiderVisitor = await ConsoleVisitor.of(client, outsider.user.id)
    assert.equal(await outsiderVisitor.status(base), 404)
  })

  test('console sign-ins, failed and successful, are recorded', async ({ client, assert }) => {
    const caller = await createCaller({ password: PASSWORD })
    const signIn = (password: string) =>
      client
        .post('/console/login')
        .withCsrfToken()
        .withInertia()
        .json({ email: caller.email, password })
        .redirects(0)
    await signIn('wrong password')
    const signedIn = await signIn(PASSWORD)
    assert.equal(signedIn.header('location'), '/console')

    const rows = await db
      .from('audit_events')
      .where('organization_id', caller.organizationId)
      .whereIn('action', ['user.signed_in', 'user.sign_in_failed'])
      .orderBy('occurred_at')
      .select('action', 'actor_id', 'source', 'ip')
    assert.deepEqual(
      rows.map((row) => [row.action, row.actor_id, row.source]),
      [
        ['user.sign_in_failed', caller.user.id, 'ui'],
        ['user.signed_in', caller.user.id, 'ui'],
      ]
    )
    assert.isTrue(rows.every((row) => typeof row.ip === 'string' && row.ip.length > 0))
  })

  test('invite links with limits: shown, an explicit accept step, refused once used up or expired', async ({
    client,
    assert,
  }) => {
    const owner = await createCaller()
    const admin = await ConsoleVisitor.of(client, owner.user.id)
    const org = `/console/orgs/${owner.organizationId}`
    await admin.page(`${org}/members`)
    await admin.submit('POST', `${org}/invite-links`, {
      role: 'edit',
      expiresInDays: '7',
      maxUses: '1',
    })
    const members = await admin.page(`${org}/members`)
    const [link] = members.props.invites.links
    assert.include(link, { role: 'edit', maxUses: 1, uses: 0, expired: false })
    assert.closeTo((Date.parse(link.expiresAt) - Date.now()) / 86_400_000, 7, 0.01)

    // Someone signed in to another organization: opening the link joins nothing.
    const stranger = await createCaller()
    const visitor = await ConsoleVisitor.of(client, stranger.user.id)
    const shown = await visitor.page(pathOf(link.url))
    assert.equal(shown.component, 'invites/show')
    assert.equal(shown.props.invite.role, 'edit')
    assert.isString(shown.props.invite.expiresAt)
    assert.isUndefined(await memberRole(owner.organizationId, stranger.user.id))
    // A cross-site POST without the CSRF token is refused, and joins nothing either.
    await visitor.submit('POST', `${pathOf(link.url)}/accept`, {}, { csrf: false })
    assert.isUndefined(await memberRole(owner.organizationId, stranger.user.id))
    // The explicit step: POST with the CSRF token.
    const accepted = await visitor.submit('POST', `${pathOf(link.url)}/accept`, {})
    assert.equal(accepted.location, `/console/orgs/${owner.organizationId}`)
    assert.equal(await memberRole(owner.organizationId, stranger.user.id), 'edit')

    // Used up: the next person gets a page that says why.
    const late = await createCaller()
    const lateVisitor = await ConsoleVisitor.of(client, late.user.id)
    const usedUp = await lateVisitor.page(pathOf(link.url))
    assert.equal(usedUp.status, 403)
    assert.equal(usedUp.component, 'invites/unavailable')
    assert.include(usedUp.props.message, 'used as many times as it allows')
    await lateVisitor.submit('POST', `${pathOf(link.url)}/accept`, {})
    assert.isUndefined(await memberRole(owner.organizationId, late.user.id))

    const listed = await admin.page(`${org}/members`)
    assert.include(listed.props.invites.links[0], { uses: 1 })

    // Expired.
    await admin.submit('POST', `${org}/invite-links`, { role: 'read', expiresInDays: '1' })
    const withFresh = await admin.page(`${org}/members`)
    const links = withFresh.props.invites.links
    const fresh = links.find((candidate: any) => candidate.id !== link.id)
    await db
      .from('organization_invite_links')
      .where('id', fresh.id)
      .update({ expires_at: toSqlTimestamp(new Date(Date.now() - 1000)) })
    const expired = await lateVisitor.page(pathOf(fresh.url))
    assert.equal(expired.status, 403)
    assert.include(expired.props.message, 'expired')
    const afterPage = await admin.page(`${org}/members`)
    const after = afterPage.props.invites.links
    assert.isTrue(after.find((candidate: any) => candidate.id === fresh.id).expired)
  })
})
