import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import { authorSpace } from '#tests/helpers/authoring'
import { committedCallers, type Caller } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'
import { ConsoleVisitor } from './console_visitor.js'

/*
 * Not in a global transaction: merges and updates run their own transactions in the server.
 * Everything made here is deleted after each test.
 */
const { caller, cleanUp } = committedCallers()

const GUIDE = [
  '# Guide',
  '',
  'One.',
  'Two.',
  'Three.',
  'Four.',
  'Five.',
  'Six.',
  'Seven.',
  'Eight.',
]

async function spaceWithGuide(client: ApiClient, admin: Caller) {
  const space = await createSpace(client, admin, { title: 'Handbook' })
  const authored = await authorSpace(admin.user.id, space.id, [
    { operation: 'insert_page', title: 'Guide', document: { markdown: GUIDE.join('\n') + '\n' } },
    { operation: 'insert_page', title: 'Old', document: { markdown: '# Old\n\nGone soon.\n' } },
  ])
  const [guide, old] = authored.revision.pages.map((page: any) => page.node.id)
  return { space, guideId: guide as string, oldId: old as string }
}

async function patchSpace(client: ApiClient, admin: Caller, spaceId: string, body: object) {
  const response = await client.patch(`/v1/spaces/${spaceId}`).bearerToken(admin.token).json(body)
  assertAnswer(response, 200)
}

function crPath(spaceId: string, changeRequestId: string) {
  return `/console/spaces/${spaceId}/change-requests/${changeRequestId}`
}

test.group('Console change requests', (group) => {
  group.each.teardown(cleanUp)

  test('a space lists its change requests by status, with counts', async ({ client, assert }) => {
    const admin = await caller()
    const space = await createSpace(client, admin)
    const first = await createChangeRequest(client, admin, space.id, { subject: 'Draft one' })
    const second = await createChangeRequest(client, admin, space.id, { subject: 'Open one' })
    const third = await createChangeRequest(client, admin, space.id, { subject: 'Archived one' })
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    await visitor.page(crPath(space.id, second.id))
    assert.equal(
      await visitor.submitStatus('PATCH', crPath(space.id, second.id), { status: 'open' }),
      303
    )
    assert.equal(
      await visitor.notice(crPath(space.id, second.id)),
      'Change request opened for review.'
    )
    await visitor.submit('PATCH', crPath(space.id, third.id), { status: 'archived' })

    const all = await visitor.page(`/console/spaces/${space.id}`)
    assert.deepEqual(all.props.changeRequestCounts, { draft: 1, open: 1, archived: 1, merged: 0 })
    assert.isNull(all.props.changeRequestStatus)
    assert.deepEqual(
      all.props.changeRequests.map((cr: any) => cr.number),
      [third.number, second.number, first.number]
    )
    const open = await visitor.page(`/console/spaces/${space.id}?status=open`)
    assert.equal(open.props.changeRequestStatus, 'open')
    assert.deepEqual(
      open.props.changeRequests.map((cr: any) => [cr.subject, cr.status]),
      [['Open one', 'open']]
    )
    const bad = await visitor.page(`/console/spaces/${space.id}?status=closed`)
    assert.equal(bad.status, 400)
  })

  test('a change request shows its page changes with line diffs', async ({ client, assert }) => {
    const admin = await caller()
    const { space, guideId, oldId } = await spaceWithGuide(client, admin)
    const changeRequest = await createChangeRequest(client, admin, space.id, { subject: 'Edits' })
    const edited = [...GUIDE]
    edited[3] = 'Two, rewritten.'
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: guideId, document: { markdown: edited.join('\n') + '\n' } },
      { operation: 'delete_page', page: oldId },
      { operation: 'insert_page', title: 'Fresh', document: { markdown: '# Fresh\n\nNew.\n' } },
    ])
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const page = await visitor.page(crPath(space.id, changeRequest.id))
    assert.equal(page.status, 200)
    const changes = page.props.changes as any[]
    assert.deepEqual(
      changes.map((change) => [change.title, change.kind]),
      [
        ['Guide', 'changed'],
        ['Fresh', 'added'],
        ['Old', 'deleted'],
      ]
    )
    const guide = changes[0]
    assert.deepInclude(guide.diff, { type: 'removed', text: 'Two.' })
    assert.deepInclude(guide.diff, { type: 'added', text: 'Two, rewritten.' })
    // Unchanged lines beyond the context are collapsed.
    assert.isTrue(guide.diff.some((line: any) => line.type === 'collapsed'))
    assert.deepEqual(changes[1].diff, [{ type: 'added', text: 'New.' }])
    assert.isTrue(changes[2].diff.every((line: any) => line.type === 'removed'))
    assert.isFalse(page.props.outdated)
    assert.deepEqual(page.props.mergeRules, [])
    assert.deepInclude(page.props.can, { update: true, merge: true, review: false, edit: true })

    // The subject is edited through the API's rules: over 100 characters is refused by field.
    await visitor.submit('PATCH', crPath(space.id, changeRequest.id), { subject: 'x'.repeat(101) })
    const errors = await visitor.flashedErrors(crPath(space.id, changeRequest.id))
    assert.exists(errors.subject)
    await visitor.submit('PATCH', crPath(space.id, changeRequest.id), { subject: 'Better edits' })
    const renamed = await visitor.page(crPath(space.id, changeRequest.id))
    assert.equal(renamed.props.changeRequest.subject, 'Better edits')
    // `merged` is not a move a form can make.
    await visitor.submit('PATCH', crPath(space.id, changeRequest.id), { status: 'merged' })
    assert.match(
      await visitor.flashedError(crPath(space.id, changeRequest.id), 'E_BAD_REQUEST'),
      /only by merging/
    )
  })

  test('merge rules refuse in words until another member approves', async ({ client, assert }) => {
    const admin = await caller()
    const reviewer = await caller({ organizationId: admin.organizationId, role: 'review' })
    const { space, guideId } = await spaceWithGuide(client, admin)
    await patchSpace(client, admin, space.id, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] },
    })
    const changeRequest = await createChangeRequest(client, admin, space.id, {
      subject: 'Reviewed',
    })
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: guideId, document: { markdown: '# Guide\n\nApproved.\n' } },
    ])
    const path = crPath(space.id, changeRequest.id)
    const author = await ConsoleVisitor.of(client, admin.user.id)
    const before = await author.page(path)
    assert.deepEqual(before.props.mergeRules, [
      'This change request needs an approving review of its latest revision to merge',
    ])
    assert.include(
      before.props.reviewerCandidates.map((candidate: any) => candidate.id),
      reviewer.user.id
    )
    assert.isFalse(before.props.can.review, 'not on their own change request')

    // Requesting a review.
    await author.submit('POST', `${path}/requested-reviewers`, { user: reviewer.user.id })
    const requested = await author.flashed(path)
    assert.match(requested.notice, /asked to review/)
    assert.deepEqual(
      requested.page.props.requestedReviewers.map((each: any) => each.id),
      [reviewer.user.id]
    )
    await author.submit('POST', `${path}/requested-reviewers`, { user: 'unknownuser' })
    assert.exists(await author.flashedError(path, 'E_BAD_REQUEST'))

    // Merging is refused with the rule in words, not its name.
    await author.page(path)
    await author.submit('POST', `${path}/merge`)
    const refusal = await author.flashedError(path, 'E_PRECONDITION_FAILED')
    assert.include(refusal, 'needs an approving review')
    assert.notInclude(refusal, 'require_')

    // The author cannot review; the reviewer approves with a comment.
    await author.submit('POST', `${path}/reviews`, { status: 'approved' })
    assert.match(await author.flashedError(path, 'E_FORBIDDEN'), /your own change request/)
    const other = await ConsoleVisitor.of(client, reviewer.user.id)
    const seen = await other.page(path)
    assert.isTrue(seen.props.can.review)
    await other.submit('POST', `${path}/reviews`, { status: 'sideways' })
    const invalid = await other.flashedErrors(path)
    assert.exists(invalid.status)
    await other.submit('POST', `${path}/reviews`, { status: 'approved' })
    const reviewed = await other.flashed(path)
    assert.equal(reviewed.notice, 'You approved this change request.')
    assert.deepEqual(
      reviewed.page.props.reviews.map((review: any) => [review.status, review.outdated]),
      [['approved', false]]
    )
    assert.deepEqual(reviewed.page.props.mergeRules, [])

    // A new head makes the review outdated (and the rule unmet again); a new approval and merge.
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: guideId, document: { markdown: '# Guide\n\nFinal.\n' } },
    ])
    const outdated = await other.page(path)
    assert.isTrue(outdated.props.reviews[0].outdated)
    assert.lengthOf(outdated.props.mergeRules, 1)
    await other.submit('POST', `${path}/reviews`, { status: 'approved' })
    await author.page(path)
    await author.submit('POST', `${path}/merge`)
    const merged = await author.flashed(path)
    assert.equal(merged.notice, `Change request #${changeRequest.number} merged into the space.`)
    assert.equal(merged.page.props.changeRequest.status, 'merged')
    const content = await client
      .get(`/v1/spaces/${space.id}/content/page/${guideId}`)
      .qs({ format: 'markdown' })
      .bearerToken(admin.token)
    assert.include(content.body().markdown, 'Final.')

    // Removing a reviewer request: the author; once merged, refused.
    await author.submit('DELETE', `${path}/requested-reviewers/${reviewer.user.id}`)
    assert.match(await author.flashedError(path, 'E_FORBIDDEN'), /merged/)
  })

  test('a conflicting merge names the page; update from space marks it', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const { space, guideId } = await spaceWithGuide(client, admin)
    const first = await createChangeRequest(client, admin, space.id, { subject: 'First' })
    const second = await createChangeRequest(client, admin, space.id, { subject: 'Second' })
    const rewrite = (line: string) => {
      const lines = [...GUIDE]
      lines[2] = line
      return { markdown: lines.join('\n') + '\n' }
    }
    await applyChanges(client, admin, space.id, first.id, [
      { operation: 'update_page', page: guideId, document: rewrite('One by the first.') },
    ])
    await applyChanges(client, admin, space.id, second.id, [
      { operation: 'update_page', page: guideId, document: rewrite('One by the second.') },
    ])
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    await visitor.page(crPath(space.id, first.id))
    await visitor.submit('POST', `${crPath(space.id, first.id)}/merge`)
    assert.match(await visitor.notice(crPath(space.id, first.id)), /merged into the space/)

    const path = crPath(space.id, second.id)
    const stale = await visitor.page(path)
    assert.isTrue(stale.props.outdated)
    await visitor.submit('POST', `${path}/merge`)
    const conflict = await visitor.flashedError(path, 'E_CONFLICT')
    assert.include(conflict, '"Guide" (guide)')
    assert.include(conflict, 'Update the change request from the space')

    await visitor.submit('POST', `${path}/update`)
    const updated = await visitor.flashed(path)
    assert.match(updated.notice, /One page conflicts .* "Guide"/)
    assert.isFalse(updated.page.props.outdated)
    assert.deepEqual(
      updated.page.props.conflicts.map((page: any) => page.id),
      [guideId]
    )
    const guide = updated.page.props.changes.find((change: any) => change.pageId === guideId)
    assert.isTrue(guide.conflict)
    // Still refused while the markers remain.
    await visitor.submit('POST', `${path}/merge`)
    assert.include(await visitor.flashedError(path, 'E_CONFLICT'), 'conflict markers')
  })

  test('readers and outsiders are refused as the API refuses them', async ({ client, assert }) => {
    const admin = await caller()
    const reader = await caller({ organizationId: admin.organizationId, role: 'read' })
    const outsider = await caller()
    const { space } = await spaceWithGuide(client, admin)
    const changeRequest = await createChangeRequest(client, admin, space.id, { subject: 'Mine' })
    const path = crPath(space.id, changeRequest.id)

    const read = await ConsoleVisitor.of(client, reader.user.id)
    const seen = await read.page(path)
    assert.equal(seen.status, 200)
    assert.deepEqual(seen.props.can, {
      edit: false,
      update: false,
      merge: false,
      review: false,
      manageReviewers: false,
    })
    assert.deepEqual(seen.props.reviewerCandidates, [])
    for (const [method, url, body] of [
      ['PATCH', path, { subject: 'Theirs' }],
      ['POST', `${path}/merge`, {}],
      ['POST', `${path}/update`, {}],
      ['POST', `${path}/requested-reviewers`, { user: admin.user.id }],
      ['POST', `${path}/reviews`, { status: 'approved' }],
    ] as const) {
      await read.page(path)
      await read.submit(method, url, body)
      assert.exists(await read.flashedError(path, 'E_FORBIDDEN'), `${method} ${url}`)
    }

    // Another organization's admin: the page and every form are not found.
    const other = await ConsoleVisitor.of(client, outsider.user.id)
    assert.equal(await other.status(path), 404)
    assert.equal(await other.submitStatus('PATCH', path, { subject: 'Theirs' }), 404)
    assert.equal(await other.submitStatus('POST', `${path}/merge`), 404)
    assert.equal(
      await other.submitStatus('POST', `${path}/requested-reviewers`, { user: outsider.user.id }),
      404
    )
    // Unknown change requests, and no CSRF token.
    const owner = await ConsoleVisitor.of(client, admin.user.id)
    assert.equal(
      await owner.submitStatus('POST', `/console/spaces/${space.id}/change-requests/999/merge`),
      404
    )
    await owner.submit('PATCH', path, { subject: 'No token' }, { csrf: false })
    const after = await owner.page(path)
    assert.equal(after.props.changeRequest.subject, 'Mine')
  })
})
