import { test } from '@japa/runner'
import { authorSpace, guideWithLogo } from '#tests/helpers/authoring'
import { committedCallers } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'
import { ConsoleVisitor } from './console_visitor.js'

/*
 * Not in a global transaction: the search index (MySQL's FULLTEXT) sees committed rows only, and
 * the console's requests run in the server. Everything made here is deleted after each test.
 */
const { caller, cleanUp } = committedCallers()

/** The console path of an API `urls.app` (its anchor dropped: browsers do not send it). */
function consolePath(url: string) {
  const parsed = new URL(url)
  return parsed.pathname
}

test.group('Console content pages', (group) => {
  group.each.teardown(cleanUp)

  // Of pages, revisions, change requests and search hits.
  test("the API's urls.app open in the console", async ({ client, assert }) => {
    const admin = await caller()
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const space = await createSpace(client, admin, { title: 'Handbook' })
    const authored = await authorSpace(
      admin.user.id,
      space.id,
      guideWithLogo(
        '# Guide\n\nThe zeppelin guide. ![logo](./logo)\n\n## Install\n\n<script>alert(1)</script>\n',
        '# Nested\n\nInside.\n'
      )
    )
    const guideId = authored.revision.pages[0].node.id
    const nestedId = authored.revision.pages[0].children[0].node.id

    // A page read: its urls.app is the console page, with the tree, the markdown as text, the file.
    const read = await client
      .get(`/v1/spaces/${space.id}/content/page/${guideId}`)
      .bearerToken(admin.token)
    read.assertStatus(200)
    assert.equal(consolePath(read.body().urls.app), `/console/spaces/${space.id}/pages/${guideId}`)
    const page = await visitor.page(consolePath(read.body().urls.app))
    assert.equal(page.status, 200)
    assert.equal(page.component, 'content/page')
    page.response.assertInertiaPropsContains({
      page: { title: 'Guide', path: 'guide', description: 'Where to start' },
    })
    assert.include(page.props.page.markdown, '<script>alert(1)</script>')
    assert.deepEqual(
      page.props.page.files.map((file: any) => file.name),
      ['logo.png']
    )
    assert.match(page.props.page.files[0].downloadURL, /^http:\/\/.+\/content\/files\//)
    assert.deepEqual(page.props.target, {
      kind: 'space',
      url: `/console/spaces/${space.id}`,
      revisionId: authored.revision.id,
    })
    assert.equal(
      page.props.tree[0].children[0].href,
      `/console/spaces/${space.id}/pages/${nestedId}`
    )

    // The revision's urls.app.
    const revision = await client.get(`/v1/spaces/${space.id}/content`).bearerToken(admin.token)
    const revisionPage = await visitor.page(consolePath(revision.body().urls.app))
    assert.equal(revisionPage.status, 200)
    assert.equal(revisionPage.component, 'content/revision')
    revisionPage.response.assertInertiaPropsContains({ revision: { id: authored.revision.id } })
    assert.equal(
      revisionPage.props.tree[0].href,
      `/console/spaces/${space.id}/revisions/${authored.revision.id}/pages/${guideId}`
    )
    const onRevision = await visitor.page(revisionPage.props.tree[0].href)
    assert.equal(onRevision.status, 200)
    onRevision.response.assertInertiaPropsContains({ target: { kind: 'revision' } })

    // A change request, and a page read on it.
    const changeRequest = await createChangeRequest(client, admin, space.id, {
      subject: 'Add a draft',
    })
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'insert_page', document: { markdown: '# Draft\n\nNot merged yet.\n' } },
    ])
    const crRead = await client
      .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`)
      .bearerToken(admin.token)
    const crPage = await visitor.page(consolePath(crRead.body().urls.app))
    assert.equal(crPage.status, 200)
    assert.equal(crPage.component, 'content/change_request')
    crPage.response.assertInertiaPropsContains({
      changeRequest: { subject: 'Add a draft', status: 'draft' },
    })
    assert.deepEqual(
      crPage.props.tree.map((node: any) => node.title),
      ['Guide', 'Draft']
    )
    const draftId = crPage.props.tree[1].id
    const draftRead = await client
      .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${draftId}`)
      .bearerToken(admin.token)
    draftRead.assertStatus(200)
    assert.equal(
      consolePath(draftRead.body().urls.app),
      `/console/spaces/${space.id}/change-requests/${changeRequest.id}/pages/${draftId}`
    )
    const draftPage = await visitor.page(consolePath(draftRead.body().urls.app))
    assert.equal(draftPage.status, 200)
    draftPage.response.assertInertiaPropsContains({
      page: { title: 'Draft' },
      target: { kind: 'change-request' },
    })
    // By number too.
    assert.equal(
      await visitor.status(`/console/spaces/${space.id}/change-requests/${changeRequest.number}`),
      200
    )

    // A search hit and its section.
    const search = await client
      .get(`/v1/spaces/${space.id}/search`)
      .qs({ query: 'zeppelin' })
      .bearerToken(admin.token)
    search.assertStatus(200)
    const [hit] = search.body().items
    assert.equal(consolePath(hit.urls.app), `/console/spaces/${space.id}/pages/${guideId}`)
    const hitPage = await visitor.page(consolePath(hit.urls.app))
    assert.equal(hitPage.status, 200)
    hitPage.response.assertInertiaPropsContains({ page: { id: guideId } })

    // The space page: the tree of its current revision and its change requests.
    const spacePage = await visitor.page(`/console/spaces/${space.id}`)
    assert.deepEqual(
      spacePage.props.pages.map((node: any) => node.title),
      ['Guide']
    )
    assert.deepEqual(
      spacePage.props.changeRequests.map((cr: any) => [cr.number, cr.subject, cr.status, cr.url]),
      [
        [
          changeRequest.number,
          'Add a draft',
          'draft',
          `/console/spaces/${space.id}/change-requests/${changeRequest.id}`,
        ],
      ]
    )
  })

  // Pages, change requests and revisions.
  test('what is unknown or invisible is the not-found page', async ({ client, assert }) => {
    const admin = await caller()
    const outsider = await caller()
    const space = await createSpace(client, admin)
    const authored = await authorSpace(admin.user.id, space.id, [
      { operation: 'insert_page', document: { markdown: '# Home\n\nHello.\n' } },
    ])
    const homeId = authored.revision.pages[0].node.id
    const base = `/console/spaces/${space.id}`
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    for (const path of [
      `${base}/pages/unknownpage`,
      `${base}/change-requests/999`,
      `${base}/change-requests/not-an-id`,
      `${base}/change-requests/999/pages/${homeId}`,
      `${base}/revisions/unknownrevision`,
      `${base}/revisions/unknownrevision/pages/${homeId}`,
      `/console/spaces/unknownspace/pages/${homeId}`,
    ]) {
      const page = await visitor.page(path)
      assert.equal(page.status, 404, path)
      assert.equal(page.component, 'errors/not_found', path)
    }
    assert.equal(await visitor.status(`${base}/pages/${homeId}`), 200)

    const stranger = await ConsoleVisitor.of(client, outsider.user.id)
    for (const path of [
      `${base}/pages/${homeId}`,
      `${base}/revisions/${authored.revision.id}`,
      base,
    ]) {
      const page = await stranger.page(path)
      assert.equal(page.status, 404, path)
      assert.equal(page.component, 'errors/not_found', path)
    }
  })
})
