import { test } from '@japa/runner'
import { GitBookAPIError } from '@gitbook/api'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { validateContract } from '#tests/helpers/contract'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'

const CR = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}'

test.group('GitBookAPI client: change request lifecycle', (group) => {
  eachTestInTransaction(group)

  test('creation, content edits, status, update from the space and merge', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const { data: space } = await api.orgs.createSpace(admin.organizationId, { title: 'Lifecycle' })

    // A first change request gives the space a page.
    const { data: first } = await api.spaces.createChangeRequest(space.id, { subject: 'Seed' })
    const { data: seeded } = (await api.spaces.updateChangeRequestContent(
      space.id,
      first.id,
      {
        changes: [
          {
            operation: 'insert_page',
            ref: 'guide',
            title: 'Guide',
            document: { markdown: 'one\ntwo\nthree\nfour\nfive\n' },
          },
        ],
      } as any,
      { compat: false } as any
    )) as any
    const pageId = seeded.changes[0].page.id
    const { data: opened } = await api.spaces.updateChangeRequestById(space.id, first.id, {
      status: 'open',
    })
    validateContract('PATCH', CR, 200, opened)
    assert.equal(opened.status, 'open')

    const { data: seedMerge } = await api.spaces.mergeChangeRequest(space.id, first.id)
    validateContract('POST', `${CR}/merge`, 200, seedMerge)
    assert.equal(seedMerge.result, 'merge')

    // Two change requests from the same revision edit different lines.
    const { data: second } = await api.spaces.createChangeRequest(space.id, {
      subject: 'Edit five',
    })
    const { data: third } = await api.spaces.createChangeRequest(space.id, { subject: 'Edit one' })
    const edit = (id: string, markdown: string) =>
      api.spaces.updateChangeRequestContent(space.id, id, {
        changes: [{ operation: 'update_page', page: pageId, document: { markdown } }],
      } as any)
    await edit(second.id, 'one\ntwo\nthree\nfour\nFIVE\n')
    await edit(third.id, 'ONE\ntwo\nthree\nfour\nfive\n')
    const { data: merged } = await api.spaces.mergeChangeRequest(space.id, third.id)

    const { data: outdated } = await api.spaces.getChangeRequestById(space.id, second.id)
    assert.isTrue(outdated.outdated)
    const { data: updated } = await api.spaces.updateChangeRequest(space.id, second.id)
    validateContract('POST', `${CR}/update`, 200, updated)
    assert.equal(updated.result, 'update')
    const { data: current } = await api.spaces.getChangeRequestById(space.id, second.id)
    assert.isFalse(current.outdated)
    assert.equal(current.revisionMergedAncestor, merged.revision)

    await edit(second.id, 'ONE\ntwo\nTHREE\nfour\nFIVE\n')
    const { data: done } = await api.spaces.mergeChangeRequest(space.id, String(second.number))
    const { data: page } = await api.spaces.getPageById(space.id, pageId, { format: 'markdown' })
    assert.equal((page as any).markdown, 'ONE\ntwo\nTHREE\nfour\nFIVE\n')
    const { data: final } = await api.spaces.getChangeRequestById(space.id, second.id)
    assert.equal(final.status, 'merged')
    assert.equal(final.revisionMerged, done.revision)

    // Merging again is a conflict the client surfaces as an error.
    try {
      await api.spaces.mergeChangeRequest(space.id, second.id)
      assert.fail('merging a merged change request must fail')
    } catch (error) {
      assert.instanceOf(error, GitBookAPIError)
      assert.equal((error as GitBookAPIError).code, 409)
    }
  })
})
