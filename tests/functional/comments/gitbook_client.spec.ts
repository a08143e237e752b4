import { test } from '@japa/runner'
import { GitBookAPIError } from '@gitbook/api'
import { validateContract } from '#tests/helpers/contract'
import { clientSpace } from '#tests/helpers/fixtures_change_requests'
import { eachTestInTransaction } from '#tests/helpers/callers'

test.group('GitBookAPI client: comments', (group) => {
  eachTestInTransaction(group)

  test('posts, lists, replies, reacts and resolves in a space and a change request', async ({
    assert,
  }) => {
    const { admin, member: writer, api, memberApi: writerApi, space } = await clientSpace('comment')
    const { data: posted } = await writerApi.spaces.postCommentInSpace(space.id, {
      body: { markdown: 'Typo in the intro' },
    })
    validateContract('POST', `/v1/spaces/${space.id}/comments`, 200, posted)
    assert.equal(posted.postedBy.id, writer.user.id)

    const { data: reply } = await api.spaces.postCommentReplyInSpace(space.id, posted.id, {
      body: { markdown: 'Fixed' },
    })
    validateContract('POST', `/v1/spaces/${space.id}/comments/${posted.id}/replies`, 200, reply)

    const { data: reacted } = await writerApi.spaces.updateCommentInSpace(space.id, posted.id, {
      addedReactions: ['🙏'],
    })
    assert.deepEqual(
      reacted.reactions.map((reaction: any) => [reaction.emoji, reaction.count]),
      [['🙏', 1]]
    )
    const { data: resolved } = await api.spaces.updateCommentInSpace(space.id, posted.id, {
      resolved: true,
    })
    validateContract('PUT', `/v1/spaces/${space.id}/comments/${posted.id}`, 200, resolved)
    assert.equal(resolved.status, 'resolved')

    const { data: listed } = await api.spaces.listCommentsInSpace(space.id, {
      status: 'resolved',
      authors: [writer.user.id],
    } as any)
    validateContract('GET', `/v1/spaces/${space.id}/comments`, 200, listed)
    assert.deepEqual(
      listed.items.map((item: any) => item.id),
      [posted.id]
    )
    assert.equal(listed.items[0].replies, 1)
    const { data: none } = await api.spaces.listCommentsInSpace(space.id, {
      authors: [admin.user.id],
    } as any)
    assert.equal(none.count, 0)

    const { data: replies } = await api.spaces.listCommentRepliesInSpace(space.id, posted.id)
    assert.deepEqual(
      replies.items.map((item: any) => item.id),
      [reply.id]
    )
    const { data: commenters } = await api.spaces.listCommentersInSpace(space.id)
    validateContract('GET', `/v1/spaces/${space.id}/commenters`, 200, commenters)
    assert.sameMembers(
      commenters.items.map((item: any) => item.id),
      [admin.user.id, writer.user.id]
    )

    // A change request's discussion.
    const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, {
      subject: 'Draft',
    })
    const { data: crComment } = await writerApi.spaces.postCommentInChangeRequest(
      space.id,
      changeRequest.id,
      {
        body: { markdown: 'Please review' },
      }
    )
    assert.equal(crComment.target.changeRequest, changeRequest.id)
    const { data: crReply } = await api.spaces.postCommentReplyInChangeRequest(
      space.id,
      changeRequest.id,
      crComment.id,
      {
        body: { markdown: 'On it' },
      }
    )
    const { data: crUpdated } = await api.spaces.updateCommentReplyInChangeRequest(
      space.id,
      changeRequest.id,
      crComment.id,
      crReply.id,
      {
        addedReactions: ['👀'],
      }
    )
    assert.lengthOf(crUpdated.reactions, 1)
    const { data: withCount } = await api.spaces.getChangeRequestById(space.id, changeRequest.id)
    assert.equal(withCount.comments, 1)
    await api.spaces.deleteCommentReplyInChangeRequest(
      space.id,
      changeRequest.id,
      crComment.id,
      crReply.id
    )
    await api.spaces.deleteCommentInChangeRequest(space.id, changeRequest.id, crComment.id)
    const { data: crList } = await api.spaces.listCommentsInChangeRequest(
      space.id,
      changeRequest.id
    )
    assert.equal(crList.count, 0)

    // Errors arrive as the client's GitBookAPIError: someone else's reply is not the commenter's to
    // edit, and a deleted one is gone.
    const failure = async (request: () => Promise<unknown>) => {
      try {
        await request()
      } catch (error) {
        assert.instanceOf(error, GitBookAPIError)
        return (error as GitBookAPIError).code
      }
      assert.fail('expected an error')
    }
    assert.equal(
      await failure(() =>
        writerApi.spaces.updateCommentReplyInSpace(space.id, posted.id, reply.id, {
          body: { markdown: 'Mine now' },
        })
      ),
      403
    )
    await api.spaces.deleteCommentReplyInSpace(space.id, posted.id, reply.id)
    assert.equal(
      await failure(() => api.spaces.getCommentReplyInSpace(space.id, posted.id, reply.id)),
      404
    )
    await api.spaces.deleteCommentInSpace(space.id, posted.id)
    const { data: after } = await api.spaces.getSpaceById(space.id)
    assert.equal(after.comments, 0)
  })
})
