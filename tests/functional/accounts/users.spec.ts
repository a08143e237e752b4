import { test } from '@japa/runner'
import { callAs, groupInTransaction } from '#tests/helpers/fixtures_organizations'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller } from '#tests/helpers/callers'
import { newId } from '#core/ids'

groupInTransaction('GET /v1/users/{userId}', () => {
  test('answers the caller themselves', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await callAs(client, caller).get(`/v1/users/${caller.user.id}`)
    assertAnswer(response, 200)
    assert.equal(response.body().id, caller.user.id)
  })

  test('answers someone who shares an organization with the caller', async ({ client, assert }) => {
    const admin = await createCaller()
    const colleague = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const response = await callAs(client, admin).get(`/v1/users/${colleague.user.id}`)
    assertAnswer(response, 200)
    assert.equal(response.body().email, colleague.email)
    assert.equal(response.body().displayName, colleague.user.displayName)
  })

  test('answers 404 for strangers, unknown and malformed ids', async ({ client, assert }) => {
    const caller = await createCaller()
    const stranger = await createCaller()
    for (const id of [stranger.user.id, newId(), '../orgs']) {
      const response = await callAs(client, caller).get(`/v1/users/${encodeURIComponent(id)}`)
      assertAnswer(response, 404)
      assert.notInclude(JSON.stringify(response.body()), stranger.email)
    }
  })
})
