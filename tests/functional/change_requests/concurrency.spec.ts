import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { fromSqlTimestamp } from '#core/database/timestamps'
import ContentStore from '#content/services/content_store'
import { bodyOf } from '#tests/helpers/requests'
import { committedGroup, spaceWithChangeRequest } from '#tests/helpers/fixtures_change_requests'
import {
  changeRequestWith,
  crUrl,
  getSpace,
  lines,
  pageMarkdown,
  spaceWithPages,
} from './merge_helpers.js'

committedGroup('Change requests under concurrency', (caller) => {
  /** An admin's space with a change request, and a member of `role` of the admin's organization. */
  async function withMember(client: ApiClient, role: 'edit' | 'review') {
    const { admin, space, changeRequest } = await spaceWithChangeRequest(client, await caller())
    const member = await caller({ organizationId: admin.organizationId, role })
    return { admin, member, space, changeRequest }
  }

  test('two batches posted at once to one change request both apply', async ({
    client,
    assert,
  }) => {
    const { admin, member: editor, space, changeRequest } = await withMember(client, 'edit')
    const url = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`
    const batch = (title: string) => ({
      changes: [{ operation: 'insert_page', title, document: { markdown: `${title} body` } }],
    })
    const responses = await Promise.all([
      client.post(url).bearerToken(admin.token).json(batch('From admin')),
      client.post(url).bearerToken(editor.token).json(batch('From editor')),
      client.post(url).bearerToken(admin.token).json(batch('Third')),
    ])
    for (const response of responses) {
      assertAnswer(response, 200)
    }

    const row = await db
      .from('change_requests')
      .where('id', changeRequest.id)
      .select('revision_id')
      .first()
    const tree = await new ContentStore().loadTree(db.connection(), space.id, row.revision_id)
    assert.sameMembers(
      tree.pages.map((page) => page.node.title),
      ['From admin', 'From editor', 'Third']
    )
    // Each batch built on the one before: a chain of three revisions, none lost.
    const revisions = await db
      .from('revisions')
      .where('change_request_id', changeRequest.id)
      .select('id', 'parent_id')
    assert.lengthOf(revisions, 3)
    const parents = new Set(revisions.map((revision) => revision.parent_id))
    assert.include([...parents], changeRequest.revision)
    assert.equal(parents.size, 3)
    const contributors = await db
      .from('change_request_contributors')
      .where('change_request_id', changeRequest.id)
    assert.sameMembers(
      contributors.map((contributor) => contributor.user_id),
      [admin.user.id, editor.user.id]
    )
  })

  test('merges posted at once into one space are serialized: every one lands', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const { space, pages } = await spaceWithPages(client, admin, {
      a: 'alpha\n',
      b: 'beta\n',
      c: lines(),
    })
    const edits = [
      [
        {
          operation: 'update_page',
          page: pages.a,
          document: { markdown: 'alpha from one zanzibar\n' },
        },
      ],
      [{ operation: 'update_page', page: pages.b, document: { markdown: 'beta from two\n' } }],
      [
        {
          operation: 'update_page',
          page: pages.c,
          document: { markdown: lines({ 2: 'two from three' }) },
        },
      ],
      [
        {
          operation: 'update_page',
          page: pages.c,
          document: { markdown: lines({ 9: 'nine from four' }) },
        },
      ],
    ]
    const changeRequests = []
    for (const changes of edits) {
      const made = await changeRequestWith(client, admin, space.id, changes)
      changeRequests.push(made.changeRequest)
    }

    const responses = await Promise.all(
      changeRequests.map((changeRequest) =>
        client.post(`${crUrl(space.id, changeRequest.id)}/merge`).bearerToken(admin.token)
      )
    )
    for (const response of responses) {
      assertAnswer(response, 200)
    }
    assert.equal(await pageMarkdown(client, admin, space.id, pages.a), 'alpha from one zanzibar\n')
    // Search follows the merges.
    const search = await client
      .get(`/v1/spaces/${space.id}/search`)
      .qs({ query: 'zanzibar' })
      .bearerToken(admin.token)
    search.assertStatus(200)
    assert.deepEqual(
      search.body().items.map((item: any) => item.id),
      [pages.a]
    )
    assert.equal(await pageMarkdown(client, admin, space.id, pages.b), 'beta from two\n')
    assert.equal(
      await pageMarkdown(client, admin, space.id, pages.c),
      lines({ 2: 'two from three', 9: 'nine from four' })
    )

    // Each merge built on the one before: a chain whose first parents lead back to the start.
    const merged = new Set(responses.map((response) => response.body().revision))
    const revisions = await db
      .from('revisions')
      .whereIn('id', [...merged])
      .select('id', 'parent_id')
    const parents = new Set(revisions.map((revision) => revision.parent_id))
    assert.equal(parents.size, 4)
    assert.include([...parents], space.revision)
    const current = await getSpace(client, admin, space.id)
    assert.isTrue(merged.has(current.revision))
    assert.isFalse(parents.has(current.revision))
  })

  test('reviews posted at once by one reviewer get distinct times; exactly one is current', async ({
    client,
    assert,
  }) => {
    const { admin, member: reviewer, space, changeRequest } = await withMember(client, 'review')
    const requested = await client
      .post(`${crUrl(space.id, changeRequest.id)}/requested-reviewers`)
      .bearerToken(admin.token)
      .json({ users: [reviewer.user.id] })
    requested.assertStatus(200)
    const responses = await Promise.all(
      ['approved', 'changes-requested', 'approved', 'changes-requested'].map((status) =>
        client
          .post(`${crUrl(space.id, changeRequest.id)}/reviews`)
          .bearerToken(reviewer.token)
          .json({ status })
      )
    )
    for (const response of responses) response.assertStatus(201)
    const rows = await db
      .from('change_request_reviews')
      .where('change_request_id', changeRequest.id)
      .select('created_at')
    assert.equal(new Set(rows.map((row) => fromSqlTimestamp(row.created_at)!.toMillis())).size, 4)
    const current = await bodyOf(
      client,
      admin,
      'get',
      `${crUrl(space.id, changeRequest.id)}/reviews`,
      {
        qs: { outdated: false },
      }
    )
    assert.equal(current.count, 1)
    // Exactly one of them took the request over.
    const withRequester = responses.filter((response) => response.body().requestedBy)
    assert.lengthOf(withRequester, 1)
  })
})
