import { test } from '@japa/runner'
import { authorSpace, PNG_1X1 } from '#tests/helpers/authoring'
import { committedCallers } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'
import { ConsoleVisitor } from './console_visitor.js'

/*
 * Not in a global transaction: each form is an authoring batch in its own transaction, as the
 * console's requests run in the server. Everything made here is deleted after each test.
 */
const { caller, cleanUp } = committedCallers()

/** An admin's space with one page ("Guide"), its console visitor and an open change request. */
async function writingSetUp(client: Parameters<typeof ConsoleVisitor.of>[0]) {
  const admin = await caller()
  const visitor = await ConsoleVisitor.of(client, admin.user.id)
  const space = await createSpace(client, admin, { title: 'Handbook' })
  const authored = await authorSpace(admin.user.id, space.id, [
    {
      operation: 'insert_page',
      title: 'Guide',
      document: { markdown: 'The zeppelin guide.\n' },
    },
  ])
  const guideId = authored.revision.pages[0].node.id
  const changeRequest = await createChangeRequest(client, admin, space.id, { subject: 'Rewrite' })
  const cr = `/console/spaces/${space.id}/change-requests/${changeRequest.id}`
  return { admin, visitor, space, guideId, changeRequest, cr }
}

/** The change request's head: its id and page tree (titles, nested), as the console shows it. */
async function head(visitor: ConsoleVisitor, cr: string) {
  const page = await visitor.page(cr)
  const titles = (nodes: any[]): any[] =>
    nodes.map((node) => (node.children.length ? [node.title, titles(node.children)] : node.title))
  return {
    revisionId: page.props.changeRequest.revisionId as string,
    tree: page.props.tree as any[],
    titles: titles(page.props.tree),
  }
}

async function headRevision(visitor: ConsoleVisitor, cr: string) {
  const { revisionId } = await head(visitor, cr)
  return revisionId
}

async function headTitles(visitor: ConsoleVisitor, cr: string) {
  const { titles } = await head(visitor, cr)
  return titles
}

test.group('Console writing', (group) => {
  group.each.teardown(cleanUp)

  test('a change request opened from the space page; a page saved in one batch', async ({
    client,
    assert,
  }) => {
    const { visitor, space, guideId } = await writingSetUp(client)

    const spacePage = await visitor.page(`/console/spaces/${space.id}`)
    assert.isTrue(spacePage.props.canCreateChangeRequest)
    const created = await visitor.submit('POST', `/console/spaces/${space.id}/change-requests`, {
      subject: 'Better words',
    })
    assert.match(created.location, new RegExp(`^/console/spaces/${space.id}/change-requests/\\w+$`))
    const { notice, page: crPage } = await visitor.flashed(created.location)
    assert.match(notice, /^Change request #2 opened\.$/)
    crPage.response.assertInertiaPropsContains({
      changeRequest: { subject: 'Better words', status: 'draft' },
      canEdit: true,
    })
    const cr = created.location
    const before = await head(visitor, cr)

    // The editor: the page's markdown, title and emoji, and the head it was opened on.
    const edit = `${cr}/pages/${guideId}/edit`
    const editor = await visitor.page(edit)
    assert.equal(editor.status, 200)
    assert.equal(editor.component, 'content/edit_page')
    editor.response.assertInertiaPropsContains({
      page: { id: guideId, title: 'Guide', emoji: '', markdown: 'The zeppelin guide.\n' },
      baseRevisionId: before.revisionId,
      maxUploadBytes: 1024 * 1024,
    })

    // The preview: the server's sanitized renderer.
    const preview = await client
      .post(`${cr}/pages/${guideId}/preview`)
      .withGuard('web')
      .loginAs(visitor.user)
      .withCsrfToken()
      .json({
        markdown: '# Hello\n\n**bold** <script>alert(1)</script> [guide](/pages/' + guideId + ')',
      })
    preview.assertStatus(200)
    const html = preview.body().html as string
    assert.include(html, '<strong>bold</strong>')
    assert.notInclude(html, '<script>')
    assert.include(html, `href="${cr}/pages/${guideId}"`)

    // Save: one batch, a new head with the page as written.
    const saved = await visitor.submit('PUT', `${cr}/pages/${guideId}`, {
      title: 'Field guide',
      emoji: '🧭',
      markdown: 'Zeppelins, *rewritten*.\n',
      baseRevisionId: before.revisionId,
    })
    assert.equal(saved.location, edit)
    const after = await visitor.flashed(edit)
    assert.equal(after.notice, 'Page saved.')
    after.page.response.assertInertiaPropsContains({
      page: { title: 'Field guide', emoji: '🧭', markdown: 'Zeppelins, *rewritten*.\n' },
    })
    const newHead = await head(visitor, cr)
    assert.notEqual(newHead.revisionId, before.revisionId)
    assert.equal(after.page.props.baseRevisionId, newHead.revisionId)

    // A save from the old head, after someone else saved the page: refused, nothing written.
    await visitor.page(edit)
    const stale = await visitor.submit('PUT', `${cr}/pages/${guideId}`, {
      title: 'Stale',
      markdown: 'Old text.\n',
      baseRevisionId: before.revisionId,
    })
    assert.equal(stale.location, edit)
    assert.match(
      await visitor.flashedError(edit, 'E_CONFLICT'),
      /^Someone else saved this page since you opened it/
    )
    assert.equal(await headRevision(visitor, cr), newHead.revisionId)

    // An upload or another page's change in between does not count as a conflict.
    await visitor.page(`${cr}`)
    await visitor.submit('POST', `${cr}/pages`, { title: 'Elsewhere' })
    await visitor.page(edit)
    const fromNewHead = await visitor.submit('PUT', `${cr}/pages/${guideId}`, {
      title: 'Field guide',
      markdown: 'Third text.\n',
      baseRevisionId: newHead.revisionId,
    })
    assert.equal(fromNewHead.location, edit)
    assert.equal(await visitor.notice(edit), 'Page saved.')
  })

  test('the tree: new page, rename, move and delete, each one batch', async ({
    client,
    assert,
  }) => {
    const { visitor, guideId, cr } = await writingSetUp(client)
    await visitor.page(cr)

    const revisions = [await headRevision(visitor, cr)]
    const step = async (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) => {
      const response = await visitor.submit(method, path, body)
      assert.equal(response.location, cr)
      const { errors, notice } = await visitor.flashed(cr)
      assert.deepEqual(errors, {})
      const now = await head(visitor, cr)
      assert.notInclude(revisions, now.revisionId)
      revisions.push(now.revisionId)
      return { notice, now }
    }

    let outcome = await step('POST', `${cr}/pages`, { title: 'Install', parent: guideId })
    assert.equal(outcome.notice, 'Page Install added.')
    assert.deepEqual(outcome.now.titles, [['Guide', ['Install']]])
    const installId = outcome.now.tree[0].children[0].id

    outcome = await step('POST', `${cr}/pages`, { title: 'FAQ', parent: '' })
    assert.deepEqual(outcome.now.titles, [['Guide', ['Install']], 'FAQ'])
    const faqId = outcome.now.tree[1].id

    outcome = await step('PATCH', `${cr}/pages/${installId}/title`, { title: 'Installing' })
    assert.equal(outcome.notice, 'Page Install renamed to Installing.')
    assert.deepEqual(outcome.now.titles, [['Guide', ['Installing']], 'FAQ'])

    // To the top, first; then down one place; then under FAQ.
    outcome = await step('PATCH', `${cr}/pages/${installId}/position`, { parent: '', position: 0 })
    assert.deepEqual(outcome.now.titles, ['Installing', 'Guide', 'FAQ'])
    outcome = await step('PATCH', `${cr}/pages/${installId}/position`, { parent: '', position: 1 })
    assert.deepEqual(outcome.now.titles, ['Guide', 'Installing', 'FAQ'])
    outcome = await step('PATCH', `${cr}/pages/${installId}/position`, { parent: faqId })
    assert.deepEqual(outcome.now.titles, ['Guide', ['FAQ', ['Installing']]])

    // Under itself: refused in words, nothing written.
    await visitor.submit('PATCH', `${cr}/pages/${faqId}/position`, { parent: installId })
    assert.equal(
      await visitor.flashedError(cr, 'E_BAD_REQUEST'),
      'A page cannot be moved under itself or one of its descendants'
    )

    const deleted = await visitor.submit('DELETE', `${cr}/pages/${faqId}`)
    assert.equal(deleted.location, cr)
    assert.equal(await visitor.notice(cr), 'Page FAQ deleted.')
    assert.deepEqual(await headTitles(visitor, cr), ['Guide'])
  })

  test('uploads: the API batch rules, the reference the editor inserts', async ({
    client,
    assert,
  }) => {
    const { visitor, space, guideId, cr, admin } = await writingSetUp(client)
    const edit = `${cr}/pages/${guideId}/edit`
    await visitor.page(edit)
    const upload = (name: string, bytes: Buffer, contentType: string) =>
      client
        .post(`${cr}/files`)
        .withGuard('web')
        .loginAs(visitor.user)
        .withInertia()
        .withCsrfToken()
        .header('referer', edit)
        .redirects(0)
        .file('file', bytes, { filename: name, contentType })

    const before = await headRevision(visitor, cr)
    const png = await upload('logo.png', Buffer.from(PNG_1X1, 'base64'), 'image/png')
    assert.equal(png.status(), 302)
    const flashed = png.flashMessages() ?? {}
    assert.equal(flashed.notice, 'logo.png uploaded.')
    const uploaded = flashed.uploaded as { id: string; markdown: string }
    assert.deepInclude(uploaded, { name: 'logo.png', image: true })
    assert.equal(uploaded.markdown, `![logo.png](/files/${uploaded.id})`)
    const after = await headRevision(visitor, cr)
    assert.notEqual(after, before)
    const files = await client
      .get(`/v1/spaces/${space.id}/change-requests/${cr.split('/').pop()}/content/files`)
      .bearerToken(admin.token)
    assert.deepEqual(
      files.body().items.map((file: any) => [file.id, file.name, file.contentType]),
      [[uploaded.id, 'logo.png', 'image/png']]
    )

    // The editor shows the upload it made (flashed), to insert it where the file was dropped.
    const pdf = await upload('notes.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf')
    assert.equal(pdf.status(), 302)
    const editor = await client
      .get(edit)
      .withGuard('web')
      .loginAs(visitor.user)
      .withInertia()
      .withFlashMessages(pdf.flashMessages() ?? {})
    assert.match(editor.inertiaProps.uploaded.markdown, /^\[notes\.pdf\]\(\/files\/\w+\)$/)

    // Over the API's 1 MB: refused in words; nothing written.
    const big = await upload('huge.png', Buffer.alloc(1024 * 1024 + 1), 'image/png')
    assert.equal(big.status(), 302)
    assert.equal(
      (big.flashMessages() as any).errorsBag.E_BAD_REQUEST,
      'huge.png is too large to upload (1025 KB): files are limited to 1 MB'
    )
    // No file at all.
    const none = await client
      .post(`${cr}/files`)
      .withGuard('web')
      .loginAs(visitor.user)
      .withInertia()
      .withCsrfToken()
      .header('referer', edit)
      .redirects(0)
      .fields({})
    assert.equal(none.status(), 302)
    assert.property((none.flashMessages() as any).errors, 'file')
  })

  test('bad input: empty and over-long fields, unknown and foreign ids', async ({
    client,
    assert,
  }) => {
    const { visitor, space, guideId, cr } = await writingSetUp(client)
    const edit = `${cr}/pages/${guideId}/edit`
    const start = await headRevision(visitor, cr)
    await visitor.page(edit)

    // An empty title is the field's error, never "Untitled".
    await visitor.submit('PUT', `${cr}/pages/${guideId}`, {
      title: '   ',
      markdown: 'x',
      baseRevisionId: start,
    })
    let errors = await visitor.flashedErrors(edit)
    assert.property(errors, 'title')
    await visitor.page(cr)
    await visitor.submit('POST', `${cr}/pages`, { title: '' })
    assert.property(await visitor.flashedErrors(cr), 'title')
    await visitor.submit('PATCH', `${cr}/pages/${guideId}/title`, { title: '' })
    assert.property(await visitor.flashedErrors(cr), 'title')

    // Over-long title, emoji, subject, markdown.
    await visitor.page(edit)
    await visitor.submit('PUT', `${cr}/pages/${guideId}`, {
      title: 'x'.repeat(256),
      emoji: 'e'.repeat(51),
      markdown: 'm'.repeat(1_000_001),
      baseRevisionId: start,
    })
    errors = await visitor.flashedErrors(edit)
    assert.containsSubset(Object.keys(errors), ['title', 'emoji', 'markdown'])
    await visitor.page(`/console/spaces/${space.id}`)
    await visitor.submit('POST', `/console/spaces/${space.id}/change-requests`, {
      subject: 's'.repeat(101),
    })
    assert.property(await visitor.flashedErrors(`/console/spaces/${space.id}`), 'subject')
    // A missing base revision.
    await visitor.page(edit)
    await visitor.submit('PUT', `${cr}/pages/${guideId}`, { title: 'Guide' })
    assert.property(await visitor.flashedErrors(edit), 'baseRevisionId')
    assert.equal(await headRevision(visitor, cr), start)

    // Unknown pages and another organization's change request and pages: the not-found page.
    const other = await caller()
    const otherSpace = await createSpace(client, other, { title: 'Theirs' })
    const otherAuthored = await authorSpace(other.user.id, otherSpace.id, [
      { operation: 'insert_page', title: 'Secret', document: { markdown: 'secret\n' } },
    ])
    const otherPageId = otherAuthored.revision.pages[0].node.id
    const otherCr = await createChangeRequest(client, other, otherSpace.id)
    const theirs = `/console/spaces/${otherSpace.id}/change-requests/${otherCr.id}`
    assert.equal(await visitor.status(`${cr}/pages/unknownpage/edit`), 404)
    assert.equal(await visitor.status(`${cr}/pages/${otherPageId}/edit`), 404)
    assert.equal(await visitor.status(`${theirs}/pages/${otherPageId}/edit`), 404)
    assert.equal(
      await visitor.status(`/console/spaces/${space.id}/change-requests/999/pages/${guideId}/edit`),
      404
    )
    await visitor.page(cr)
    for (const [method, path, body] of [
      ['PUT', `${theirs}/pages/${otherPageId}`, { title: 'Mine', baseRevisionId: start }],
      ['POST', `${theirs}/pages`, { title: 'Mine' }],
      ['PATCH', `${theirs}/pages/${otherPageId}/title`, { title: 'Mine' }],
      ['DELETE', `${theirs}/pages/${otherPageId}`, undefined],
      ['POST', `/console/spaces/${otherSpace.id}/change-requests`, { subject: 'Mine' }],
      ['POST', `${cr}/pages`, { title: 'Mine', parent: otherPageId }],
      ['PATCH', `${cr}/pages/${guideId}/position`, { parent: otherPageId }],
      ['DELETE', `${cr}/pages/${otherPageId}`, undefined],
    ] as const) {
      assert.equal(await visitor.submitStatus(method, path, body), 404, `${method} ${path}`)
    }
    const theirPage = await client
      .get(`/v1/spaces/${otherSpace.id}/content/page/${otherPageId}`)
      .bearerToken(other.token)
    assert.equal(theirPage.body().title, 'Secret')
    assert.equal(await headRevision(visitor, cr), start)
  })

  test('readers and merged or archived change requests are refused', async ({ client, assert }) => {
    const { admin, visitor, space, guideId, changeRequest, cr } = await writingSetUp(client)
    const reader = await caller({ organizationId: admin.organizationId, role: 'read' })
    const readerVisitor = await ConsoleVisitor.of(client, reader.user.id)
    const start = await headRevision(visitor, cr)

    // A reader sees the change request, without the writing tools, and may not write.
    const seen = await readerVisitor.page(cr)
    assert.equal(seen.status, 200)
    assert.isFalse(seen.props.canEdit)
    const spacePage = await readerVisitor.page(`/console/spaces/${space.id}`)
    assert.isFalse(spacePage.props.canCreateChangeRequest)
    assert.equal(await readerVisitor.status(`${cr}/pages/${guideId}/edit`), 403)
    await readerVisitor.page(cr)
    await readerVisitor.submit('POST', `${cr}/pages`, { title: 'Sneaky' })
    assert.match(
      await readerVisitor.flashedError(cr, 'E_FORBIDDEN'),
      /You need the edit role on this space/
    )
    await readerVisitor.page(`/console/spaces/${space.id}`)
    await readerVisitor.submit('POST', `/console/spaces/${space.id}/change-requests`, {})
    assert.match(
      await readerVisitor.flashedError(`/console/spaces/${space.id}`, 'E_FORBIDDEN'),
      /edit role/
    )

    // Merged: no more edits.
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: guideId, title: 'Merged guide' },
    ])
    const merged = await client
      .post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`)
      .bearerToken(admin.token)
    assert.equal(merged.status(), 200)
    const afterMerge = await visitor.page(cr)
    assert.isFalse(afterMerge.props.canEdit)
    assert.equal(await visitor.status(`${cr}/pages/${guideId}/edit`), 403)
    await visitor.page(cr)
    await visitor.submit('PATCH', `${cr}/pages/${guideId}/title`, { title: 'After merge' })
    assert.equal(
      await visitor.flashedError(cr, 'E_FORBIDDEN'),
      'This change request is merged: its content cannot change'
    )

    // Archived: no more edits either.
    const archived = await createChangeRequest(client, admin, space.id)
    await client
      .patch(`/v1/spaces/${space.id}/change-requests/${archived.id}`)
      .bearerToken(admin.token)
      .json({ status: 'archived' })
    const archivedCr = `/console/spaces/${space.id}/change-requests/${archived.id}`
    await visitor.page(archivedCr)
    await visitor.submit('PUT', `${archivedCr}/pages/${guideId}`, {
      title: 'x',
      baseRevisionId: start,
    })
    assert.equal(
      await visitor.flashedError(archivedCr, 'E_FORBIDDEN'),
      'This change request is archived: its content cannot change'
    )
  })
})
