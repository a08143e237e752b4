import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import User from '#accounts/models/user'
import { authorSpace, PNG_1X1 } from '#tests/helpers/authoring'
import { committedCallers } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'
import { ConsoleVisitor } from './console_visitor.js'

/*
 * Committed content (the authoring service runs its own transactions); everything made here is
 * deleted after each test.
 */
const { caller, cleanUp } = committedCallers()

const GUIDE = [
  '# Guide',
  '',
  'Read [the nested page](./nested#deep), [the same by path](nested), [the install steps](#install)',
  'and [the logo file](./logo).',
  '',
  '![the logo](./logo)',
  '',
  '## Install',
  '',
  '<script>window.__injected = true</script>',
  '',
  '<img src="x" onerror="window.__injected = true">',
  '',
  '[a trap](javascript:alert(1)) and [nowhere](./missing-page)',
  '',
].join('\n')

/** A logo, a "Guide" page linking to its child and to the logo in every way, and the child. */
const CONTENT = [
  {
    operation: 'insert_files',
    files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: PNG_1X1 }],
  },
  { operation: 'insert_page', ref: 'guide', document: { markdown: GUIDE } },
  {
    operation: 'insert_page',
    ref: 'nested',
    into: 'guide',
    document: { markdown: '# Nested\n\n## Deep\n\nInside.\n' },
  },
]

/** A console URL read as a signed-in user's browser would (no Inertia: an image, a download). */
function fetchAs(client: ApiClient, user: User | null, path: string) {
  const request = client.get(path).redirects(0)
  return user ? request.withGuard('web').loginAs(user) : request
}

async function statusOf(client: ApiClient, user: User | null, path: string) {
  const response = await fetchAs(client, user, path)
  return response.status()
}

function assertSafe(assert: any, html: string) {
  for (const needle of ['<script', 'onerror', 'javascript:', '__injected'])
    assert.notInclude(html, needle)
}

test.group('Console reading: pages as HTML', (group) => {
  group.each.teardown(cleanUp)

  test('a page is sanitized HTML whose links and images stay in the console', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const space = await createSpace(client, admin, { title: 'Handbook' })
    const authored = await authorSpace(admin.user.id, space.id, CONTENT)
    const guideId = authored.revision.pages[0].node.id
    const nestedId = authored.revision.pages[0].children[0].node.id
    const logoId = authored.revision.files[0].id
    const base = `/console/spaces/${space.id}`

    const page = await visitor.page(`${base}/pages/${guideId}`)
    assert.equal(page.status, 200)
    const html: string = page.props.page.html
    // Links to the child, by ref (with its anchor) and by relative path, open its console page.
    assert.include(html, `href="${base}/pages/${nestedId}#deep"`)
    assert.include(html, `href="${base}/pages/${nestedId}"`)
    // Anchors of the page itself, and the headings they go to.
    assert.include(html, 'href="#install"')
    assert.include(html, '<h2 id="install">')
    assert.deepEqual(
      page.props.page.headings.map((heading: any) => heading.id),
      ['install']
    )
    // The image and the file link through the console's file route.
    const fileUrl = `${base}/files/${logoId}/logo.png`
    assert.include(html, `<img src="${fileUrl}" alt="the logo"`)
    assert.include(html, `<a href="${fileUrl}">the logo file</a>`)
    // No script, handler or script URL; an unknown page is text.
    assertSafe(assert, html)
    assert.include(html, 'a trap and nowhere')
    // The source is still there, as text.
    assert.include(page.props.page.markdown, '<script>window.__injected = true</script>')

    // The image is served to the signed-in reader, with the API's safe headers.
    const image = await fetchAs(client, visitor.user, fileUrl)
    image.assertStatus(200)
    assert.equal(image.header('content-type'), 'image/png')
    assert.equal(image.header('x-content-type-options'), 'nosniff')
    assert.equal(image.header('content-security-policy'), "default-src 'none'; sandbox")
    assert.match(image.header('content-disposition') ?? '', /^inline;/)
    assert.match(image.header('cache-control') ?? '', /^private/)
    // Without its name too.
    assert.equal(await statusOf(client, visitor.user, `${base}/files/${logoId}`), 200)

    // The child's anchors.
    const nested = await visitor.page(`${base}/pages/${nestedId}`)
    assert.include(nested.props.page.html, '<h2 id="deep">')
  })

  test("a change request's and a revision's pages link within them", async ({ client, assert }) => {
    const admin = await caller()
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const space = await createSpace(client, admin)
    const authored = await authorSpace(admin.user.id, space.id, CONTENT)
    const guideId = authored.revision.pages[0].node.id
    const nestedId = authored.revision.pages[0].children[0].node.id
    const logoId = authored.revision.files[0].id
    const base = `/console/spaces/${space.id}`

    const changeRequest = await createChangeRequest(client, admin, space.id, { subject: 'Edit' })
    await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'update_page',
        page: guideId,
        document: {
          markdown: `# Guide\n\nSee [nested](/pages/${nestedId}).\n\n![logo](/files/${logoId})\n`,
        },
      },
    ])
    // By number in the URL: the links name the change request by id.
    const onChangeRequest = await visitor.page(
      `${base}/change-requests/${changeRequest.number}/pages/${guideId}`
    )
    assert.equal(onChangeRequest.status, 200)
    const crBase = `${base}/change-requests/${changeRequest.id}`
    assert.include(onChangeRequest.props.page.html, `href="${crBase}/pages/${nestedId}"`)
    assert.include(onChangeRequest.props.page.html, `src="${crBase}/files/${logoId}/logo.png"`)
    const image = await fetchAs(client, visitor.user, `${crBase}/files/${logoId}/logo.png`)
    image.assertStatus(200)
    assert.equal(image.header('content-type'), 'image/png')

    const revisionBase = `${base}/revisions/${authored.revision.id}`
    const onRevision = await visitor.page(`${revisionBase}/pages/${guideId}`)
    assert.equal(onRevision.status, 200)
    assert.include(onRevision.props.page.html, `href="${revisionBase}/pages/${nestedId}#deep"`)
    assert.include(onRevision.props.page.html, `src="${revisionBase}/files/${logoId}/logo.png"`)
    assertSafe(assert, onRevision.props.page.html)
    assert.equal(
      await statusOf(client, visitor.user, `${revisionBase}/files/${logoId}/logo.png`),
      200
    )
  })

  test('files are served only to those who may read the space', async ({ client, assert }) => {
    const admin = await caller()
    const outsider = await caller()
    const space = await createSpace(client, admin)
    const authored = await authorSpace(admin.user.id, space.id, CONTENT)
    const logoId = authored.revision.files[0].id
    const fileUrl = `/console/spaces/${space.id}/files/${logoId}/logo.png`
    const adminUser = await User.findOrFail(admin.user.id)
    const outsiderUser = await User.findOrFail(outsider.user.id)
    assert.equal(await statusOf(client, adminUser, fileUrl), 200)

    // Another organization's admin: their own space does not hold the file, and the file's own
    // space is not theirs. Neither answer shows a byte of it.
    const theirs = await createSpace(client, outsider)
    for (const path of [
      fileUrl,
      `/console/spaces/${space.id}/revisions/${authored.revision.id}/files/${logoId}`,
      `/console/spaces/${theirs.id}/files/${logoId}/logo.png`,
    ]) {
      const response = await fetchAs(client, outsiderUser, path)
      assert.equal(response.status(), 404, path)
      assert.notEqual(response.header('content-type'), 'image/png', path)
    }
    // Unknown files and revisions.
    for (const path of [
      `/console/spaces/${space.id}/files/unknownfile/logo.png`,
      `/console/spaces/${space.id}/revisions/unknownrevision/files/${logoId}`,
      `/console/spaces/${space.id}/change-requests/999/files/${logoId}`,
    ]) {
      assert.equal(await statusOf(client, adminUser, path), 404, path)
    }
    // Signed out: the sign-in page.
    const signedOut = await fetchAs(client, null, fileUrl)
    assert.equal(signedOut.status(), 302)
    assert.match(signedOut.header('location') ?? '', /\/console\/login/)
  })
})
