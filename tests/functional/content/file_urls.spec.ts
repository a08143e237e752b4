import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { insertPngs } from '#tests/helpers/fixtures_content'
import { downloadUrl } from '#content/serializers/file_serializer'
import { applyChanges, download, openChangeRequest } from './helpers.js'

/** A change request holding one PNG, and a reader of the organization. */
async function withFile(client: ApiClient) {
  const { admin, space, changeRequest } = await openChangeRequest(client)
  const result = await applyChanges(client, admin, space.id, changeRequest.id, [
    insertPngs('logo.png'),
  ])
  const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
  const filesPath = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/files`
  return {
    admin,
    reader,
    space,
    changeRequest: result.changeRequest,
    file: result.insertedFiles[0],
    filesPath,
  }
}

async function downloadURLOf(client: ApiClient, caller: Caller, filesPath: string) {
  const listed = await client.get(filesPath).bearerToken(caller.token)
  listed.assertStatus(200)
  return listed.body().items[0].downloadURL as string
}

/** The status (and error code) a download URL answers, without a token. */
async function statusOf(client: ApiClient, downloadURL: string) {
  const url = new URL(downloadURL)
  const response = await client.get(url.pathname + url.search)
  return response.status()
}

test.group('File download URLs', (group) => {
  eachTestInTransaction(group)

  test('are signed per viewer and pin the revision', async ({ client, assert }) => {
    const { admin, reader, space, changeRequest, file, filesPath } = await withFile(client)
    const asAdmin = new URL(await downloadURLOf(client, admin, filesPath))
    const asReader = new URL(await downloadURLOf(client, reader, filesPath))
    assert.notEqual(asAdmin.href, asReader.href)
    assert.equal(asAdmin.searchParams.get('viewer'), admin.user.id)
    assert.equal(asReader.searchParams.get('viewer'), reader.user.id)
    assert.equal(
      asAdmin.pathname,
      `/content/files/${space.id}/${changeRequest.revision}/${file.id}/logo.png`
    )
    await download(client, asAdmin.href, 'image/png')
    const served = await download(client, asReader.href, 'image/png')
    assert.match(served.header('cache-control') ?? '', /^private/)

    // Another viewer's name in a URL breaks its signature.
    const swapped = new URL(asReader)
    swapped.searchParams.set('viewer', admin.user.id)
    assert.equal(await statusOf(client, swapped.href), 404)
    const unsigned = new URL(asAdmin)
    unsigned.searchParams.delete('signature')
    assert.equal(await statusOf(client, unsigned.href), 404)
  })

  test('expire', async ({ client, assert }) => {
    const { admin, changeRequest, space, file } = await withFile(client)
    const revision = { spaceId: space.id, id: changeRequest.revision }
    const shortLived = downloadUrl(revision, file, admin.user.id, 1)
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(await statusOf(client, shortLived), 404)
    await download(client, downloadUrl(revision, file, admin.user.id), 'image/png')
  })

  test("answer 404 once the space is deleted or the viewer's access is gone", async ({
    client,
    assert,
  }) => {
    const { admin, reader, space, filesPath } = await withFile(client)
    const asAdmin = await downloadURLOf(client, admin, filesPath)
    const asReader = await downloadURLOf(client, reader, filesPath)
    await download(client, asReader)

    const removed = await client
      .delete(`/v1/orgs/${admin.organizationId}/members/${reader.user.id}`)
      .bearerToken(admin.token)
    removed.assertStatus(204)
    assert.equal(await statusOf(client, asReader), 404)
    await download(client, asAdmin)

    const deleted = await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assert.isBelow(deleted.status(), 300)
    assert.equal(await statusOf(client, asAdmin), 404)
  })

  test('a file the pinned revision does not hold is not served', async ({ client, assert }) => {
    const { admin, space, changeRequest, file } = await withFile(client)
    // The space's first revision predates the file.
    const url = downloadUrl({ spaceId: space.id, id: space.revision }, file, admin.user.id)
    assert.notEqual(space.revision, changeRequest.revision)
    assert.equal(await statusOf(client, url), 404)
  })
})
