import { test } from '@japa/runner'
import { assertClientError } from '#tests/helpers/client_errors'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import type { MemberRole } from '../../../node_modules/@gitbook/api/dist/client.js'

/**
 * The organization audit log through GitBook's own client, over real HTTP: list with filters and
 * pages, one event's details, the actions; a non-admin is refused.
 */
test.group('GitBookAPI client: audit events', (group) => {
  eachTestInTransaction(group)

  test('an admin lists, filters and reads audit events; a member may not', async ({ assert }) => {
    const admin = await createCaller({ org: 'Client Audit' })
    const member = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const api = gitbookClient(admin.token)
    await api.orgs.updateMemberInOrganizationById(admin.organizationId, member.user.id, {
      role: 'edit' as MemberRole,
    })

    const { data: page } = await api.orgs.listOrganizationAuditEvents(admin.organizationId, {
      action: 'member.role_updated',
      actor: admin.user.id,
    })
    assert.equal(page.count, 1)
    const [event] = page.items
    assert.equal(event.target.id, member.user.id)
    assert.equal(event.source, 'api')

    const { data: details } = await api.orgs.getOrganizationAuditEvent(
      admin.organizationId,
      event.id
    )
    assert.deepInclude(details.payload, { role: 'edit', previousRole: 'read' })

    const { data: first } = await api.orgs.listOrganizationAuditEvents(admin.organizationId, {
      limit: 1,
    })
    assert.equal(first.items[0].id, event.id)
    const { data: second } = await api.orgs.listOrganizationAuditEvents(admin.organizationId, {
      limit: 1,
      page: first.next!.page,
    })
    assert.equal(second.items[0].action, 'member.joined')

    const { data: actions } = await api.orgs.listOrganizationAuditEventActions(admin.organizationId)
    assert.include(
      actions.items.map((action: { id: string }) => action.id),
      'change_request.merged'
    )

    await assertClientError(
      assert,
      gitbookClient(member.token).orgs.listOrganizationAuditEvents(admin.organizationId),
      403
    )
  })
})
