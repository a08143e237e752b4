import type { ApiClient } from '@japa/api-client'
import { createCaller } from '#tests/helpers/callers'
import { createChangeRequest, createSpace } from '../content/helpers.js'

/**
 * An admin, members of each role below review (reader, commenter, editor) and two reviewers, and a
 * space with a change request by the editor.
 */
export async function reviewTeam(client: ApiClient) {
  const admin = await createCaller()
  const member = (role: 'read' | 'comment' | 'edit' | 'review') =>
    createCaller({ organizationId: admin.organizationId, role })
  const [reader, commenter, editor, reviewer, otherReviewer] = await Promise.all([
    member('read'),
    member('comment'),
    member('edit'),
    member('review'),
    member('review'),
  ])
  const space = await createSpace(client, admin)
  const changeRequest = await createChangeRequest(client, editor, space.id, { subject: 'Draft' })
  return { admin, reader, commenter, editor, reviewer, otherReviewer, space, changeRequest }
}
