import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller } from '#tests/helpers/callers'
import ContentStore from '#content/services/content_store'
import { createChangeRequest, createSpace } from '../content/helpers.js'

test.group('Authoring batches under concurrency', () => {
  // No global transaction here: the two batches must run in two real transactions at once.
  test('two batches posted at once to one change request both apply', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    try {
      const space = await createSpace(client, admin)
      const changeRequest = await createChangeRequest(client, admin, space.id)
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
    } finally {
      await db.from('organizations').where('id', admin.organizationId).delete()
    }
  })
})
