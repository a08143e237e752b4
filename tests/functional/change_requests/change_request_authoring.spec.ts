import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'
import { countObjects, createChangeRequest, createSpace } from '../content/helpers.js'

/** An admin's space with a draft change request, read as a request reads it before the lock. */
async function authoringSetup(client: ApiClient) {
  const admin = await createCaller()
  const authoring = await app.container.make(ChangeRequestAuthoringService)
  const space = await createSpace(client, admin)
  const access = await new SpaceAccessService().spaceFor(admin.user.id, space.id)
  const created = await createChangeRequest(client, admin, access.space.id)
  const changeRequests = await app.container.make(ChangeRequestService)
  const { changeRequest } = await changeRequests.forCaller(
    admin.user.id,
    access.space.id,
    created.id
  )
  return { admin, authoring, access, changeRequest }
}

test.group('ChangeRequestAuthoringService.apply', (group) => {
  eachTestInTransaction(group)

  test('checks the change request again under its lock: a merge committed meanwhile wins', async ({
    client,
    assert,
  }) => {
    const { admin, authoring, access, changeRequest } = await authoringSetup(client)
    // The caller read and authorized a draft; it is merged before the batch takes the lock.
    await db.from('change_requests').where('id', changeRequest.id).update({ status: 'merged' })
    const objects = await countObjects(access.space.id)
    await assert.rejects(
      () =>
        authoring.apply(admin.user, access, changeRequest, [
          { operation: 'insert_page', title: 'Late', document: { markdown: 'late' } },
        ]),
      /merged/
    )
    assert.equal(await countObjects(access.space.id), objects)
  })

  test('builds on the head under the lock, not the head it first read', async ({
    client,
    assert,
  }) => {
    const { admin, authoring, access, changeRequest } = await authoringSetup(client)
    // Another batch commits between this request's read and its lock.
    await authoring.apply(admin.user, access, changeRequest, [
      { operation: 'insert_page', title: 'First', document: { markdown: 'first' } },
    ])
    const second = await authoring.apply(admin.user, access, changeRequest, [
      { operation: 'insert_page', title: 'Second', document: { markdown: 'second' } },
    ])
    assert.sameMembers(
      second.revision.pages.map((page) => page.node.title),
      ['First', 'Second']
    )
    const row = await db.from('change_requests').where('id', changeRequest.id).first()
    assert.equal(second.changeRequest.revisionId, row.revision_id)
    const stored = await new ChangeRequestService().find(
      db.connection(),
      access.space.id,
      changeRequest.id
    )
    assert.equal(second.changeRequest.updatedAt.toMillis(), stored.updatedAt.toMillis())
  })
})
