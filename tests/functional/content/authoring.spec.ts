import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { eachTestInTransaction } from '#tests/helpers/callers'
import ContentStore from '#content/services/content_store'
import { insertPage, insertPngs, PNG_1X1 } from '#tests/helpers/fixtures_content'
import {
  adminSpace,
  applyChanges,
  countObjects,
  createChangeRequest,
  download,
  openChangeRequest,
} from './helpers.js'

const store = new ContentStore()

async function treeOf(spaceId: string, revisionId: string) {
  return store.loadTree(db.connection(), spaceId, revisionId)
}

test.group('POST change-requests/{id}/content', (group) => {
  eachTestInTransaction(group)

  test('inserts pages with refs between them, files, and reports what changed', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client, {
      subject: 'First pages',
    })
    assert.equal(changeRequest.number, 1)
    assert.equal(changeRequest.status, 'draft')
    assert.equal(changeRequest.revision, space.revision)

    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage('# Introduction\n\nRead [the guide](./guide.md) and see ![logo](./logo.png).\n', {
        ref: 'intro',
      }),
      insertPage('Back to [intro](./intro)', { ref: 'guide', into: 'intro', title: 'Guide' }),
      insertPngs('logo.png'),
    ])
    assert.notEqual(result.changeRequest.revision, space.revision)
    assert.deepEqual(
      result.changes.map((change: any) => [change.object, change.ref]),
      [
        ['created_page', 'intro'],
        ['created_page', 'guide'],
      ]
    )
    assert.lengthOf(result.insertedFiles, 1)
    assert.deepEqual(result.insertedFiles[0].dimensions, { width: 1, height: 1 })

    const tree = await treeOf(space.id, result.changeRequest.revision)
    const [intro] = tree.pages
    assert.equal(intro.node.title, 'Introduction')
    assert.equal(intro.path, 'introduction')
    assert.equal(intro.children[0].path, 'introduction/guide')
    const introMarkdown = await store.readDocument(db.connection(), space.id, intro.node.document!)
    const guideId = intro.children[0].node.id
    const fileId = tree.files[0].id
    assert.equal(
      introMarkdown,
      `Read [the guide](/pages/${guideId}) and see ![logo](/files/${fileId}).\n`
    )
    const guideMarkdown = await store.readDocument(
      db.connection(),
      space.id,
      intro.children[0].node.document!
    )
    assert.equal(guideMarkdown, `Back to [intro](/pages/${intro.node.id})`)

    await download(client, result.insertedFiles[0].downloadURL, 'image/png')
  })

  test('a one-page edit of a deep tree writes the page, its document and its ancestors only', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const changes: object[] = []
    for (let i = 0; i < 40; i++) {
      const into = i >= 10 ? { into: `p${i % 10}` } : {}
      changes.push(insertPage(`Body ${i}`, { ref: `p${i}`, title: `Page ${i}`, ...into }))
    }
    const first = await applyChanges(client, admin, space.id, changeRequest.id, changes)
    const tree = await treeOf(space.id, first.changeRequest.revision)
    const deep = tree.pages[3].children[1]
    const before = await countObjects(space.id)
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: deep.node.id, document: { markdown: 'Changed' } },
    ])
    // The page node, its document with the document's link facts and JSON document, its parent
    // node and the root.
    assert.equal((await countObjects(space.id)) - before, 6)
  })

  test('an invalid change rejects the whole batch and writes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const before = await countObjects(space.id)
    const response = await client
      .post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`)
      .bearerToken(admin.token)
      .json({
        changes: [
          { operation: 'insert_page', title: 'Fine', document: { markdown: 'ok' } },
          { operation: 'update_page', page: 'AAAAAAAAAAAAAAAAAAAA', title: 'Missing' },
        ],
      })
    response.assertStatus(400)
    assert.match(response.body().error.message, /changes\[1\] \(update_page\)/)
    assert.equal(await countObjects(space.id), before)
    const after = await client
      .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`)
      .bearerToken(admin.token)
    assert.equal(after.body().revision, changeRequest.revision)
  })
})

test.group('Space content and the spaces domain', (group) => {
  eachTestInTransaction(group)

  test('a duplicated space has the content of the original, files included', async ({
    client,
    assert,
  }) => {
    const { default: app } = await import('@adonisjs/core/services/app')
    const { default: AuthoringService } = await import('#content/services/authoring_service')
    const { default: SpaceAccessService } = await import('#spaces/services/space_access_service')
    const { admin, space } = await adminSpace(client)
    const access = await new SpaceAccessService().spaceFor(admin.user.id, space.id)
    const authoring = await app.container.make(AuthoringService)
    await authoring.applyToSpace(admin.user, access, [
      {
        operation: 'insert_files',
        files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: PNG_1X1 }],
      },
      { operation: 'insert_page', document: { markdown: '# Home\n\n![logo](./logo)' } },
    ])
    const duplicate = await client.post(`/v1/spaces/${space.id}/duplicate`).bearerToken(admin.token)
    duplicate.assertStatus(201)
    const copy = duplicate.body()
    const tree = await treeOf(copy.id, copy.revision)
    assert.equal(tree.pages[0].node.title, 'Home')
    assert.lengthOf(tree.files, 1)
    const { default: drive } = await import('@adonisjs/drive/services/main')
    const { blobKey } = await import('#content/services/authoring_service')
    assert.isTrue(await drive.use().exists(blobKey(copy.id, tree.files[0].blob)))

    const counters = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assert.equal(counters.body().changeRequests, 0)
    await createChangeRequest(client, admin, space.id)
    const after = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assert.deepInclude(after.body(), {
      changeRequests: 1,
      changeRequestsDraft: 1,
      changeRequestsOpen: 0,
    })
  })
})
