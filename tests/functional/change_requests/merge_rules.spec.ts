import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { PreconditionFailedException } from '#core/exceptions/api_exceptions'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import MergeRulesService from '#change_requests/services/merge_rules_service'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { applyChanges, createChangeRequest, createSpace } from '../content/helpers.js'
import {
  changeRequestWith,
  crUrl,
  getChangeRequest,
  getSpace,
  merge,
  snapshot,
  update,
} from './merge_helpers.js'

const ALL_RULES = [
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_up_to_date_change_request',
  'require_change_request_subject',
]

async function patchSpace(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  body: Record<string, unknown>
) {
  const response = await client.patch(`/v1/spaces/${spaceId}`).bearerToken(caller.token).json(body)
  assertAnswer(response, 200)
  return response.body()
}

async function storedRules(spaceId: string) {
  const row = await db.from('spaces').where('id', spaceId).select('merge_rules').first()
  return row.merge_rules as string | null
}

async function setRules(client: ApiClient, admin: Caller, spaceId: string, rules: string[]) {
  await patchSpace(client, admin, spaceId, {
    mergeRules: { type: 'rules', rules: rules.map((rule) => ({ rule })) },
  })
}

async function review(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  status: string
) {
  const response = await client
    .post(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/reviews`)
    .bearerToken(caller.token)
    .json({ status })
  response.assertStatus(201)
}

/**
 * What the merge endpoint will do: assertMergeable on fresh rows inside a transaction. Resolves to
 * the 412's message, or null when the change request may merge.
 */
async function mergeRefusal(
  admin: Caller,
  spaceId: string,
  changeRequestId: string,
  spaceRevisionId?: string
) {
  const make = await app.container.make(SpaceAccessService)
  const access = await make.spaceFor(admin.user.id, spaceId)
  const service = await app.container.make(MergeRulesService)
  const changeRequests = await app.container.make(ChangeRequestService)
  try {
    await db.transaction(async (trx) => {
      const changeRequest = await changeRequests.find(trx, spaceId, changeRequestId, { lock: true })
      await service.assertMergeable(
        trx,
        access,
        changeRequest,
        spaceRevisionId ?? access.space.revisionId
      )
    })
    return null
  } catch (error) {
    if (!(error instanceof PreconditionFailedException)) throw error
    if (error.status !== 412) throw new Error(`status ${error.status}`)
    return error.message
  }
}

/**
 * An admin, an editor, two reviewers (alice, bob) and a space with a change request by the editor;
 * the space's merge rules set to `rules` when given.
 */
async function setup(client: ApiClient, rules?: string[]) {
  const admin = await createCaller()
  const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
  const alice = await createCaller({ organizationId: admin.organizationId, role: 'review' })
  const bob = await createCaller({ organizationId: admin.organizationId, role: 'review' })
  const space = await createSpace(client, admin)
  const changeRequest = await createChangeRequest(client, editor, space.id, { subject: 'Change' })
  if (rules) await setRules(client, admin, space.id, rules)
  return { admin, editor, alice, bob, space, changeRequest }
}

/**
 * One step of a merge rules scenario: a review by alice or bob, or a batch (a new page) by the
 * editor, or nothing; then whether the rules refuse the merge (true: refused, a string: refused
 * naming it, false: it may merge).
 */
type Step = { review?: ['alice' | 'bob', string]; batch?: string; refused: boolean | string }

async function assertSteps(
  client: ApiClient,
  assert: Assert,
  t: Awaited<ReturnType<typeof setup>>,
  steps: Step[]
) {
  for (const { review: by, batch, refused } of steps) {
    if (by) await review(client, t[by[0]], t.space.id, t.changeRequest.id, by[1])
    if (batch) {
      await applyChanges(client, t.editor, t.space.id, t.changeRequest.id, [
        { operation: 'insert_page', title: batch, document: { markdown: batch } },
      ])
    }
    const refusal = await mergeRefusal(t.admin, t.space.id, t.changeRequest.id)
    if (refused === false) assert.isNull(refusal)
    else if (refused === true) assert.isNotNull(refusal)
    else assert.include(refusal, refused)
  }
}

test.group('PATCH space mergeRules', (group) => {
  eachTestInTransaction(group)

  test('round trip: rules, none, inherit; stored as given, inherit as null', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    assert.deepEqual(space.mergeRules, { type: 'inherit' })

    const rules = { type: 'rules', rules: ALL_RULES.map((rule) => ({ rule })) }
    const patched = await patchSpace(client, admin, space.id, { mergeRules: rules })
    assert.deepEqual(patched.mergeRules, rules)
    assert.deepEqual(JSON.parse((await storedRules(space.id))!), rules)
    const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    read.assertContract()
    assert.deepEqual(read.body().mergeRules, rules)
    const listed = await client
      .get(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(admin.token)
    assert.deepEqual(listed.body().items.find((s: any) => s.id === space.id).mergeRules, rules)

    // Other fields leave the rules alone; an empty rule list is allowed.
    const renamed = await patchSpace(client, admin, space.id, { title: 'Renamed' })
    assert.deepEqual(renamed.mergeRules, rules)
    const empty = await patchSpace(client, admin, space.id, {
      mergeRules: { type: 'rules', rules: [] },
    })
    assert.deepEqual(empty.mergeRules, { type: 'rules', rules: [] })

    const none = await patchSpace(client, admin, space.id, { mergeRules: { type: 'none' } })
    assert.deepEqual(none.mergeRules, { type: 'none' })
    const inherit = await patchSpace(client, admin, space.id, { mergeRules: { type: 'inherit' } })
    assert.deepEqual(inherit.mergeRules, { type: 'inherit' })
    assert.isNull(await storedRules(space.id))

    // Organizations have none, and a duplicate keeps the space's rules.
    const organization = await client
      .get(`/v1/orgs/${admin.organizationId}`)
      .bearerToken(admin.token)
    organization.assertContract()
    assert.deepEqual(organization.body().mergeRules, { type: 'none' })
    await patchSpace(client, admin, space.id, {
      mergeRules: { type: 'rules', rules: [{ rule: ALL_RULES[3] }] },
    })
    const duplicate = await client.post(`/v1/spaces/${space.id}/duplicate`).bearerToken(admin.token)
    duplicate.assertStatus(201)
    assert.deepEqual(duplicate.body().mergeRules, {
      type: 'rules',
      rules: [{ rule: ALL_RULES[3] }],
    })
  })

  test('refusals: unsupported or unknown rules, bad shapes, and non-admins; nothing changes')
    .with([
      {
        name: 'an unsupported rule',
        mergeRules: { type: 'rules', rules: [{ rule: 'require_agent_review' }] },
        text: 'require_agent_review',
      },
      {
        name: 'specific reviewers',
        mergeRules: {
          type: 'rules',
          rules: [{ rule: 'require_specific_reviewers', users: ['x'] }],
        },
        text: 'require_specific_reviewers',
      },
      {
        name: 'a custom expression',
        mergeRules: { type: 'rules', rules: [{ rule: 'custom', expression: 'true' }] },
        text: 'custom',
      },
      {
        name: 'an unknown rule',
        mergeRules: { type: 'rules', rules: [{ rule: 'anything' }] },
        text: 'anything',
      },
      {
        name: 'a rule that is not a string',
        mergeRules: { type: 'rules', rules: [{ rule: 3 }] },
        text: 'rule',
      },
      { name: 'rules missing', mergeRules: { type: 'rules' }, text: 'rules' },
      { name: 'rules not an array', mergeRules: { type: 'rules', rules: 'all' }, text: 'rules' },
      {
        name: 'a rule twice',
        mergeRules: { type: 'rules', rules: [{ rule: ALL_RULES[0] }, { rule: ALL_RULES[0] }] },
        text: 'rules',
      },
      { name: 'an unknown type', mergeRules: { type: 'strict' }, text: 'type' },
      { name: 'no type', mergeRules: {}, text: 'type' },
      { name: 'a string', mergeRules: 'none', text: 'mergeRules' },
      { name: 'null', mergeRules: null, text: 'mergeRules' },
    ])
    .run(async ({ client, assert }, { mergeRules, text }) => {
      const admin = await createCaller()
      const space = await createSpace(client, admin)
      await setRules(client, admin, space.id, [ALL_RULES[0]])
      const before = await storedRules(space.id)
      const response = await client
        .patch(`/v1/spaces/${space.id}`)
        .bearerToken(admin.token)
        .json({ mergeRules, title: 'Not this' })
      assertAnswer(response, 400)
      assert.include(response.body().error.message, text)
      assert.equal(await storedRules(space.id), before)
      const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
      assert.equal(read.body().title, 'Space')
    })

  test('only admins of the space change merge rules', async ({ client, assert }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    for (const role of ['read', 'comment', 'edit', 'review', 'create'] as const) {
      const member = await createCaller({ organizationId: admin.organizationId, role })
      const response = await client
        .patch(`/v1/spaces/${space.id}`)
        .bearerToken(member.token)
        .json({ mergeRules: { type: 'none' } })
      assertAnswer(response, 403)
    }
    assert.isNull(await storedRules(space.id))
  })
})

test.group('MergeRulesService.assertMergeable', (group) => {
  eachTestInTransaction(group)

  test('inherited and "none" rules let anything merge', async ({ client, assert }) => {
    const t = await setup(client)
    const untitled = await createChangeRequest(client, t.editor, t.space.id)
    assert.isNull(await mergeRefusal(t.admin, t.space.id, untitled.id, 'AAAAAAAAAAAAAAAAAAAA'))
    await patchSpace(client, t.admin, t.space.id, { mergeRules: { type: 'none' } })
    assert.isNull(await mergeRefusal(t.admin, t.space.id, untitled.id, 'AAAAAAAAAAAAAAAAAAAA'))
  })

  test('review rules: a review or a batch at a time, and whether the merge is refused')
    .with([
      {
        name: 'require_at_least_one_approved_review: an approval of the latest revision',
        rule: 'require_at_least_one_approved_review',
        message:
          'This change request needs an approving review of its latest revision to merge (merge rule require_at_least_one_approved_review).',
        steps: [
          { review: ['alice', 'changes-requested'], refused: true },
          { review: ['bob', 'approved'], refused: false },
          // The approval is of an older revision once the change request moves on.
          { batch: 'After approval', refused: 'require_at_least_one_approved_review' },
          { review: ['alice', 'approved'], refused: false },
          // A reviewer who changes their mind withdraws their approval.
          { review: ['alice', 'changes-requested'], refused: true },
        ],
      },
      {
        name: "require_all_reviews_approved: every reviewer's latest current review approves, at least one",
        rule: 'require_all_reviews_approved',
        message: /\(merge rule require_all_reviews_approved\)/,
        steps: [
          { review: ['alice', 'approved'], refused: false },
          { review: ['bob', 'changes-requested'], refused: 'require_all_reviews_approved' },
          // Bob's later approval replaces his request for changes.
          { review: ['bob', 'approved'], refused: false },
          // After a batch, no review is current.
          { batch: 'More', refused: 'require_all_reviews_approved' },
          // A request for changes on an older revision no longer blocks.
          { review: ['bob', 'approved'], refused: false },
        ],
      },
    ] satisfies Array<{ name: string; rule: string; message: string | RegExp; steps: Step[] }>)
    .run(async ({ client, assert }, { rule, message, steps }) => {
      const t = await setup(client, [rule])
      // With no review yet, the merge is refused.
      const first = await mergeRefusal(t.admin, t.space.id, t.changeRequest.id)
      if (typeof message === 'string') assert.equal(first, message)
      else assert.match(first!, message)
      await assertSteps(client, assert, t, steps)
    })

  test('require_up_to_date_change_request: based on the space revision given', async ({
    client,
    assert,
  }) => {
    const t = await setup(client, ['require_up_to_date_change_request'])
    assert.isNull(await mergeRefusal(t.admin, t.space.id, t.changeRequest.id, t.space.revision))
    const moved = 'BBBBBBBBBBBBBBBBBBBB'
    const refusal = await mergeRefusal(t.admin, t.space.id, t.changeRequest.id, moved)
    assert.equal(
      refusal,
      "This change request must be updated with the space's latest content to merge (merge rule require_up_to_date_change_request)."
    )
    // After an update from the space, the merged ancestor is the base.
    await db
      .from('change_requests')
      .where('id', t.changeRequest.id)
      .update({ revision_merged_ancestor_id: moved })
    assert.isNull(await mergeRefusal(t.admin, t.space.id, t.changeRequest.id, moved))
    assert.isNotNull(await mergeRefusal(t.admin, t.space.id, t.changeRequest.id, t.space.revision))
  })

  test('require_change_request_subject, and every failed rule named at once', async ({
    client,
    assert,
  }) => {
    const t = await setup(client, ALL_RULES)
    const untitled = await createChangeRequest(client, t.editor, t.space.id, { subject: '   ' })
    const refusal = (await mergeRefusal(t.admin, t.space.id, untitled.id, 'BBBBBBBBBBBBBBBBBBBB'))!
    for (const rule of ALL_RULES) assert.include(refusal, `(merge rule ${rule})`)
    assert.include(refusal, 'This change request needs a subject to merge')

    await review(client, t.alice, t.space.id, untitled.id, 'approved')
    const remaining = (await mergeRefusal(t.admin, t.space.id, untitled.id))!
    assert.equal(
      remaining,
      'This change request needs a subject to merge (merge rule require_change_request_subject).'
    )
    await db.from('change_requests').where('id', untitled.id).update({ subject: 'Titled' })
    assert.isNull(await mergeRefusal(t.admin, t.space.id, untitled.id))
  })

  test("rules are read under the transaction, not from the caller's earlier view of the space", async ({
    client,
    assert,
  }) => {
    const t = await setup(client)
    const make = await app.container.make(SpaceAccessService)
    const access = await make.spaceFor(t.admin.user.id, t.space.id)
    assert.isNull(access.space.mergeRules)
    await setRules(client, t.admin, t.space.id, ['require_change_request_subject'])
    const untitled = await createChangeRequest(client, t.editor, t.space.id)
    const service = await app.container.make(MergeRulesService)
    const changeRequests = await app.container.make(ChangeRequestService)
    const changeRequest = await changeRequests.find(db.connection(), t.space.id, untitled.id)
    await assert.rejects(
      () =>
        service.assertMergeable(db.connection(), access, changeRequest, access.space.revisionId),
      /require_change_request_subject/
    )
  })
})

test.group('POST merge enforces merge rules', (group) => {
  eachTestInTransaction(group)

  /** A 412 naming `rule` that leaves the space, its change requests and revisions as they were. */
  async function refusedMerge(
    client: ApiClient,
    assert: Assert,
    t: { admin: Caller; space: { id: string } },
    changeRequestId: string,
    rule: string
  ) {
    const before = await snapshot(t.space.id)
    const response = await client
      .post(`${crUrl(t.space.id, changeRequestId)}/merge`)
      .bearerToken(t.admin.token)
    assertAnswer(response, 412)
    assert.include(response.body().error.message, `(merge rule ${rule})`)
    assert.deepEqual(await snapshot(t.space.id), before)
  }

  test('require_at_least_one_approved_review: no review, changes requested and an outdated approval refuse', async ({
    client,
    assert,
  }) => {
    const t = await setup(client, ['require_at_least_one_approved_review'])
    const { changeRequest } = await changeRequestWith(client, t.editor, t.space.id, [
      { operation: 'insert_page', title: 'Reviewed', document: { markdown: 'First draft' } },
    ])
    const rule = 'require_at_least_one_approved_review'
    await refusedMerge(client, assert, t, changeRequest.id, rule)

    await review(client, t.alice, t.space.id, changeRequest.id, 'changes-requested')
    await refusedMerge(client, assert, t, changeRequest.id, rule)

    // An approval, then a new batch: the approval is of an older revision.
    await review(client, t.alice, t.space.id, changeRequest.id, 'approved')
    await applyChanges(client, t.editor, t.space.id, changeRequest.id, [
      { operation: 'insert_page', title: 'After approval', document: { markdown: 'Sneaky' } },
    ])
    const reviews = await client
      .get(`${crUrl(t.space.id, changeRequest.id)}/reviews`)
      .bearerToken(t.admin.token)
    assert.deepEqual(
      reviews.body().items.map((r: any) => [r.status, r.outdated]),
      [
        ['changes-requested', true],
        ['approved', true],
      ]
    )
    await refusedMerge(client, assert, t, changeRequest.id, rule)

    // An approval of the head lets it merge.
    await review(client, t.alice, t.space.id, changeRequest.id, 'approved')
    const merged = await merge(client, t.admin, t.space.id, changeRequest.id)
    const space = await getSpace(client, t.admin, t.space.id)
    assert.equal(space.revision, merged.revision)
    const reloaded = await getChangeRequest(client, t.admin, t.space.id, changeRequest.id)
    assert.equal(reloaded.status, 'merged')
  })

  test('require_up_to_date_change_request: refused once the space moves on, until POST update', async ({
    client,
    assert,
  }) => {
    const t = await setup(client, ['require_up_to_date_change_request'])
    const first = await changeRequestWith(client, t.editor, t.space.id, [
      { operation: 'insert_page', title: 'First', document: { markdown: 'One' } },
    ])
    const second = await changeRequestWith(client, t.editor, t.space.id, [
      { operation: 'insert_page', title: 'Second', document: { markdown: 'Two' } },
    ])
    // Both start from the space's revision: the first merges, and the second is then behind.
    await merge(client, t.admin, t.space.id, first.changeRequest.id)
    const rule = 'require_up_to_date_change_request'
    await refusedMerge(client, assert, t, second.changeRequest.id, rule)
    const { outdated } = await getChangeRequest(
      client,
      t.admin,
      t.space.id,
      second.changeRequest.id
    )
    assert.isTrue(outdated)

    await update(client, t.editor, t.space.id, second.changeRequest.id)
    const merged = await merge(client, t.admin, t.space.id, second.changeRequest.id)
    const pages = await client.get(`/v1/spaces/${t.space.id}/content`).bearerToken(t.admin.token)
    pages.assertStatus(200)
    assert.sameMembers(
      pages.body().pages.map((page: any) => page.title),
      ['First', 'Second']
    )
    const { revision } = await getSpace(client, t.admin, t.space.id)
    assert.equal(revision, merged.revision)
  })
})
