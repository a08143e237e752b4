import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { newId } from '#core/ids'

test.group('GET /v1/users/{userId}', (group) => {
  eachTestInTransaction(group)

  test('answers the caller themselves', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await client.get(`/v1/users/${caller.user.id}`).bearerToken(caller.token)
    assertAnswer(response, 200)
    assert.equal(response.body().id, caller.user.id)
  })

  test('answers someone who shares an organization with the caller', async ({ client, assert }) => {
    const admin = await createCaller()
    const colleague = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const response = await client.get(`/v1/users/${colleague.user.id}`).bearerToken(admin.token)
    assertAnswer(response, 200)
    assert.equal(response.body().email, colleague.email)
    assert.equal(response.body().displayName, colleague.user.displayName)
  })

  test('answers 404 for {$self}')
    .with(['a user of another organization', 'an unknown id', 'a malformed id'])
    .run(async ({ client, assert }, kind) => {
      const caller = await createCaller()
      const stranger = await createCaller()
      const id =
        kind === 'a user of another organization'
          ? stranger.user.id
          : kind === 'an unknown id'
            ? newId()
            : '../orgs'
      const response = await client
        .get(`/v1/users/${encodeURIComponent(id)}`)
        .bearerToken(caller.token)
      assertAnswer(response, 404)
      assert.notInclude(JSON.stringify(response.body()), stranger.email)
    })
})
