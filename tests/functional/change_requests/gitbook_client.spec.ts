import { test } from '@japa/runner'
import { GitBookAPIError } from '@gitbook/api'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { validateContract } from '#tests/helpers/contract'
import { clientSpace, pageAndChild } from '#tests/helpers/fixtures_change_requests'
import { eachTestInTransaction } from '#tests/helpers/callers'

test.group('GitBookAPI client: change requests', (group) => {
  eachTestInTransaction(group)

  test('creates a change request, applies a batch, reads and lists it', async ({ assert }) => {
    const { admin, member: reader, api, space } = await clientSpace('read')
    const { data: created } = await api.spaces.createChangeRequest(space.id, {
      subject: 'Through the client',
    })
    validateContract('POST', '/v1/spaces/{spaceId}/change-requests', 201, created)
    assert.equal(created.number, 1)
    assert.equal(created.subject, 'Through the client')

    const { data: update } = await api.spaces.updateChangeRequestContent(
      space.id,
      created.id,
      {
        changes: pageAndChild(
          { ref: 'welcome', title: 'Welcome', markdown: 'See [setup](./setup.md)' },
          { ref: 'setup', markdown: '# Setup\n\nSteps' }
        ),
      } as any,
      { compat: false } as any
    )
    validateContract(
      'POST',
      '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
      200,
      update
    )
    const content = update as any
    assert.deepEqual(
      content.changes.map((change: any) => [change.object, change.ref]),
      [
        ['created_page', 'welcome'],
        ['created_page', 'setup'],
      ]
    )
    assert.notEqual(content.changeRequest.revision, created.revision)

    // Default compat answers the ChangeRequest itself.
    const { data: compat } = await api.spaces.updateChangeRequestContent(
      space.id,
      String(created.number),
      {
        changes: [{ operation: 'update_page', page: content.changes[0].page.id, title: 'Hello' }],
      } as any
    )
    validateContract(
      'POST',
      '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
      200,
      compat
    )
    assert.equal((compat as any).object, 'change-request')

    const { data: byId } = await api.spaces.getChangeRequestById(space.id, created.id)
    validateContract('GET', '/v1/spaces/{spaceId}/change-requests/{changeRequestId}', 200, byId)
    assert.equal(byId.revision, (compat as any).revision)
    const { data: byNumber } = await api.spaces.getChangeRequestById(space.id, '1')
    assert.equal(byNumber.id, created.id)

    const { data: open } = await api.spaces.listChangeRequestsForSpace(space.id)
    validateContract('GET', '/v1/spaces/{spaceId}/change-requests', 200, open)
    assert.equal(open.count, 0)
    const { data: drafts } = await api.spaces.listChangeRequestsForSpace(space.id, {
      status: 'draft' as any,
    })
    assert.deepEqual(
      drafts.items.map((cr: { id: string }) => cr.id),
      [created.id]
    )
    const { data: mine } = await api.spaces.listChangeRequestsForSpace(space.id, {
      status: 'draft' as any,
      contributor: admin.user.id,
    })
    assert.equal(mine.count, 1)

    // A reader sees it and cannot author it.
    const readerApi = gitbookClient(reader.token)
    const { data: seen } = await readerApi.spaces.getChangeRequestById(space.id, created.id)
    assert.isFalse((seen as any).permissions.edit)
    for (const attempt of [
      () => readerApi.spaces.createChangeRequest(space.id, {}),
      () =>
        readerApi.spaces.updateChangeRequestContent(space.id, created.id, {
          changes: [{ operation: 'insert_page', title: 'No', document: { markdown: 'no' } }],
        } as any),
    ]) {
      try {
        await attempt()
        assert.fail('a reader should get 403')
      } catch (error) {
        assert.instanceOf(error, GitBookAPIError)
        assert.equal((error as GitBookAPIError).code, 403)
      }
    }
    try {
      await api.spaces.getChangeRequestById(space.id, '2')
      assert.fail('an unknown number should be 404')
    } catch (error) {
      assert.equal((error as GitBookAPIError).code, 404)
    }
  })
})
